import { readUploadFile } from '#server/edge/upload-body.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { type RestRoute, route } from './adapter.ts';

/**
 * /api/lots/...: a product's lots, their recall and QR codes (decision 126). The lot page's public data,
 * GET /api/public/lots/{id}, is declared with the other public paths (server/http/public-routes.ts).
 */
export const lotsRoutes: RestRoute[] = [
  route({
    method: 'get',
    path: '/lots',
    input: (r) => ({ productId: r.query.productId }),
    call: (c, i) => c.lots.list(i),
  }),
  route({
    method: 'post',
    path: '/lots',
    status: 201,
    message: vi.lots.created,
    input: (r) => r.json(),
    call: (c, i) => c.lots.create(i),
  }),
  route({
    method: 'get',
    path: '/lots/:id',
    input: (r) => ({ id: r.params.id }),
    call: (c, i) => c.lots.get(i),
  }),
  route({
    method: 'put',
    path: '/lots/:id',
    message: vi.lots.updated,
    input: async (r) => ({ ...(await r.json()), id: r.params.id }),
    call: (c, i) => c.lots.update(i),
  }),
  route({
    method: 'delete',
    path: '/lots/:id',
    message: vi.lots.deleted,
    input: (r) => ({ id: r.params.id }),
    call: (c, i) => c.lots.delete(i),
  }),
  route({
    method: 'post',
    path: '/lots/:id/recall',
    message: vi.lots.recalled,
    input: async (r) => ({ ...(await r.json()), id: r.params.id }),
    call: (c, i) => c.lots.recall(i),
  }),
  route({
    method: 'delete',
    path: '/lots/:id/recall',
    message: vi.lots.recallLifted,
    input: (r) => ({ id: r.params.id, ...(r.query.version ? { version: Number(r.query.version) } : {}) }),
    call: (c, i) => c.lots.liftRecall(i),
  }),
  route({
    method: 'post',
    path: '/lots/:id/qr-codes',
    status: 201,
    message: vi.lots.codeCreated,
    input: (r) => ({ id: r.params.id }),
    call: (c, i) => c.lots.createQrCode(i),
  }),
  route({
    method: 'post',
    path: '/products/:id/lots/import',
    message: vi.lots.import.title,
    body: 'multipart',
    input: async (r) => {
      const dryRun = r.query.dryRun;
      return {
        ...(await readUploadFile(r.hono)),
        productId: r.params.id,
        dryRun: dryRun === 'true' ? true : dryRun === undefined || dryRun === 'false' ? false : dryRun,
      };
    },
    call: (c, i) => c.lots.import(i as never),
  }),
];
