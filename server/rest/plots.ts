import { readUploadForm } from '#server/edge/upload-body.ts';
import { plots as plotMessages } from '#shared/i18n/vi/plots.ts';
import type { PlotImportResult } from '#shared/schemas/plots.ts';
import { type RestRoute, route } from './adapter.ts';

const m = plotMessages;

/**
 * /api/plots, a lot's plots and its EUDR facts and files (issue 34, decisions 217-218): thin adapters over
 * the plots procedures.
 */
export const plotsRoutes: RestRoute[] = [
  route({
    method: 'get',
    path: '/plots',
    input: (r) => r.query,
    call: (c, i) => c.plots.list(i as never),
  }),
  route({
    method: 'post',
    path: '/plots',
    status: 201,
    message: m.created,
    input: (r) => r.json(),
    call: (c, i) => c.plots.create(i),
  }),
  // Multipart `file` with `dryRun` (and `companyId` for SUPER_ADMIN), as the product import takes them,
  // held to PLOT_IMPORT_MAX_BYTES; an anonymous caller is refused before the body is read.
  route<unknown, PlotImportResult>({
    method: 'post',
    path: '/plots/import',
    body: 'multipart',
    signedIn: true,
    message: (data) => m.imported(data.created),
    input: async (r) => {
      const { file, fields } = await readUploadForm(r.hono, 'plotImport');
      const field = (name: string) => fields.get(name) ?? r.query[name];
      const dryRun = field('dryRun');
      const companyId = field('companyId');
      return {
        ...file,
        // 'true' / 'false' only; anything else reaches the schema as text and is refused there (400).
        dryRun: dryRun === 'true' ? true : dryRun === 'false' || !dryRun ? false : dryRun,
        ...(companyId ? { companyId } : {}),
      };
    },
    call: (c, i) => c.plots.import(i as never),
  }),
  route({
    method: 'get',
    path: '/plots/:id',
    input: (r) => ({ id: r.params.id }),
    call: (c, i) => c.plots.get(i),
  }),
  route({
    method: 'put',
    path: '/plots/:id',
    message: m.updated,
    input: async (r) => ({ ...(await r.json()), id: r.params.id }),
    call: (c, i) => c.plots.update(i),
  }),
  route({
    method: 'delete',
    path: '/plots/:id',
    message: m.deleted,
    input: (r) => ({ id: r.params.id }),
    call: (c, i) => c.plots.delete(i),
  }),
  route({
    method: 'get',
    path: '/lots/:id/plots',
    input: (r) => ({ lotId: r.params.id }),
    call: (c, i) => c.plots.lotPlots(i),
  }),
  route({
    method: 'put',
    path: '/lots/:id/plots',
    input: async (r) => {
      const body = await r.json();
      return { plotIds: body.plotIds, lotId: r.params.id };
    },
    call: (c, i) => c.plots.setLotPlots(i),
  }),
  route({
    method: 'get',
    path: '/lots/:id/eudr',
    input: (r) => ({ lotId: r.params.id }),
    call: (c, i) => c.plots.lotEudr(i),
  }),
  route({
    method: 'put',
    path: '/lots/:id/eudr',
    input: async (r) => ({ ...(await r.json()), lotId: r.params.id }),
    call: (c, i) => c.plots.setLotEudr(i),
  }),
  route({
    method: 'get',
    path: '/lots/:id/eudr.geojson',
    answer: 'file',
    input: (r) => ({ lotId: r.params.id }),
    call: (c, i) => c.plots.eudrGeojson(i),
  }),
  route({
    method: 'get',
    path: '/lots/:id/eudr.csv',
    answer: 'file',
    input: (r) => ({ lotId: r.params.id }),
    call: (c, i) => c.plots.eudrCsv(i),
  }),
];
