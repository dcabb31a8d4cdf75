import { vi } from '#shared/i18n/vi/index.ts';
import { type RestRoute, route } from './adapter.ts';
import { formFields } from './productImport.ts';

const m = vi.supplyChain;

/**
 * /api/partners, a lot's receipts, inputs, shipments, trace and recall scope, and its hold (decisions
 * 200-202): thin adapters over the partners, receipts, shipments, supplyChain and lots procedures.
 */
export const supplyChainRoutes: RestRoute[] = [
  route({
    method: 'get',
    path: '/partners',
    input: (r) => r.query,
    call: (c, i) => c.partners.list(i as never),
  }),
  route({
    method: 'post',
    path: '/partners',
    status: 201,
    message: m.partners.created,
    input: (r) => r.json(),
    call: (c, i) => c.partners.create(i),
  }),
  route({
    method: 'get',
    path: '/partners/:id',
    input: (r) => ({ id: r.params.id }),
    call: (c, i) => c.partners.get(i),
  }),
  route({
    method: 'put',
    path: '/partners/:id',
    message: m.partners.updated,
    input: async (r) => ({ ...(await r.json()), id: r.params.id }),
    call: (c, i) => c.partners.update(i),
  }),
  route({
    method: 'delete',
    path: '/partners/:id',
    message: m.partners.deleted,
    input: (r) => ({ id: r.params.id }),
    call: (c, i) => c.partners.delete(i),
  }),

  // Multipart `file` with `dryRun` (and `companyId` for SUPER_ADMIN), as the product import takes them.
  route({
    method: 'post',
    path: '/receipts/import',
    message: m.import.receiptsTitle,
    body: 'multipart',
    input: (r) => formFields(r.hono),
    call: (c, i) => c.receipts.import(i as never),
  }),
  route({
    method: 'post',
    path: '/shipments/import',
    message: m.import.shipmentsTitle,
    body: 'multipart',
    input: (r) => formFields(r.hono),
    call: (c, i) => c.shipments.import(i as never),
  }),
  route({
    method: 'get',
    path: '/lots/:id/supply-chain',
    input: (r) => ({ lotId: r.params.id }),
    call: (c, i) => c.supplyChain.lot(i),
  }),
  route({
    method: 'get',
    path: '/lots/:id/receipts',
    input: (r) => ({ lotId: r.params.id }),
    call: (c, i) => c.receipts.list(i),
  }),
  route({
    method: 'post',
    path: '/lots/:id/receipts',
    status: 201,
    message: m.receipts.created,
    input: async (r) => ({ ...(await r.json()), lotId: r.params.id }),
    call: (c, i) => c.receipts.create(i),
  }),
  route({
    method: 'delete',
    path: '/receipts/:id',
    message: m.receipts.deleted,
    input: (r) => ({ id: r.params.id }),
    call: (c, i) => c.receipts.delete(i),
  }),
  route({
    method: 'get',
    path: '/lots/:id/shipments',
    input: (r) => ({ lotId: r.params.id }),
    call: (c, i) => c.shipments.list(i),
  }),
  route({
    method: 'post',
    path: '/lots/:id/shipments',
    status: 201,
    message: m.shipments.created,
    input: async (r) => ({ ...(await r.json()), lotId: r.params.id }),
    call: (c, i) => c.shipments.create(i),
  }),
  route({
    method: 'delete',
    path: '/shipments/:id',
    message: m.shipments.deleted,
    input: (r) => ({ id: r.params.id }),
    call: (c, i) => c.shipments.delete(i),
  }),
  route({
    method: 'get',
    path: '/lots/:id/inputs',
    input: (r) => ({ lotId: r.params.id }),
    call: (c, i) => c.supplyChain.inputs(i),
  }),
  route({
    method: 'post',
    path: '/lots/:id/inputs',
    status: 201,
    // The body is the list itself ([{lotId, quantity, unit}]) or { inputs: [...] }.
    body: 'jsonList',
    input: async (r) => {
      const body = await r.json();
      return { lotId: r.params.id, inputs: Array.isArray(body) ? body : body.inputs };
    },
    call: (c, i) => c.supplyChain.addInputs(i),
  }),
  route({
    method: 'delete',
    path: '/lots/:id/inputs/:inputLotId',
    message: m.inputs.removed,
    input: (r) => ({ lotId: r.params.id, inputLotId: r.params.inputLotId }),
    call: (c, i) => c.supplyChain.removeInput(i),
  }),
  route({
    method: 'get',
    path: '/lots/:id/trace',
    input: (r) => ({ lotId: r.params.id, ...(r.query.direction ? { direction: r.query.direction } : {}) }),
    call: (c, i) => c.supplyChain.trace(i as never),
  }),
  route({
    method: 'get',
    path: '/lots/:id/recall-scope',
    input: (r) => ({ lotId: r.params.id }),
    call: (c, i) => c.supplyChain.recallScope(i),
  }),
  route({
    method: 'get',
    path: '/lots/:id/recall-scope.csv',
    answer: 'file',
    input: (r) => ({ lotId: r.params.id }),
    call: (c, i) => c.supplyChain.recallScopeCsv(i),
  }),
  route({
    method: 'post',
    path: '/lots/:id/hold',
    message: m.hold.held,
    input: async (r) => ({ ...(await r.json()), id: r.params.id }),
    call: (c, i) => c.lots.hold(i),
  }),
  route({
    method: 'delete',
    path: '/lots/:id/hold',
    message: m.hold.released,
    input: (r) => ({ id: r.params.id, ...(r.query.version ? { version: Number(r.query.version) } : {}) }),
    call: (c, i) => c.lots.releaseHold(i),
  }),
];
