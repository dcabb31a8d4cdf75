import { readUploadFile } from '#server/edge/upload-body.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { type RestRoute, route } from './adapter.ts';

/**
 * /api/products/...: the products paths of the product decisions (QR images: server/http/qr-images.ts;
 * the public GET /products/qr-codes/{code}: server/http/public-routes.ts, with every public path a scan takes).
 */
export const productsRoutes: RestRoute[] = [
  route({ method: 'get', path: '/products', input: (r) => r.query, call: (c, i) => c.products.list(i) }),
  route({
    method: 'post',
    path: '/products/check-qr-code',
    input: (r) => r.json(),
    call: (c, i) => c.products.checkQrCode(i),
  }),
  route({
    method: 'post',
    path: '/products/scan-qr',
    body: 'multipart',
    input: (r) => readUploadFile(r.hono, 'photoScan'),
    call: (c, i) => c.products.scanImage(i),
  }),
  route({
    method: 'post',
    path: '/products',
    status: 201,
    message: vi.products.created,
    input: (r) => r.json(),
    call: (c, i) => c.products.create(i),
  }),
  route({
    method: 'get',
    path: '/products/:id',
    input: (r) => ({ id: r.params.id }),
    call: (c, i) => c.products.get(i),
  }),
  route({
    method: 'put',
    path: '/products/:id',
    message: vi.products.updated,
    input: async (r) => ({ ...(await r.json()), id: r.params.id }),
    call: (c, i) => c.products.update(i),
  }),
  route({
    method: 'delete',
    path: '/products/:id',
    message: vi.products.deleted,
    input: (r) => ({ id: r.params.id }),
    call: (c, i) => c.products.delete(i),
  }),
];
