import { serials as serialMessages } from '#shared/i18n/vi/serials.ts';
import { type RestRoute, route } from './adapter.ts';

const m = serialMessages;

/**
 * /api/serials: batches of serialized codes, their voids and their CSV (issue 32, decisions 204-205): thin
 * adapters over the serials procedures. The batches' paths come before any `/serials/{serial}` path.
 */
export const serialsRoutes: RestRoute[] = [
  route({
    method: 'post',
    path: '/serials/batches',
    status: 201,
    message: m.created,
    input: (r) => r.json(),
    call: (c, i) => c.serials.createBatch(i),
  }),
  route({
    method: 'get',
    path: '/serials/batches',
    input: (r) => r.query,
    call: (c, i) => c.serials.listBatches(i as never),
  }),
  route({
    method: 'get',
    path: '/serials/batches/:id',
    input: (r) => ({ id: r.params.id }),
    call: (c, i) => c.serials.getBatch(i as never),
  }),
  route({
    method: 'post',
    path: '/serials/batches/:id/void',
    message: m.voided,
    input: async (r) => ({ ...(await r.json()), batchId: r.params.id }),
    call: (c, i) => c.serials.voidBatch(i),
  }),
  // Streamed: a million rows are piped to the client as the database pages them, never held whole.
  route({
    method: 'get',
    path: '/serials/batches/:id/export.csv',
    answer: 'stream',
    input: (r) => ({ ...r.query, id: r.params.id }),
    call: (c, i) => c.serials.exportCsv(i as never),
  }),
];
