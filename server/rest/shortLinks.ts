import { vi } from '#shared/i18n/vi/index.ts';
import { type RestRoute, route } from './adapter.ts';

/** /api/shortLinks/...: printed QR codes (batches), their list and binding (the public GET /shortLinks/{code}: server/http/public-routes.ts). */
export const shortLinksRoutes: RestRoute[] = [
  route({
    method: 'post',
    path: '/shortLinks',
    status: 201,
    message: vi.products.codesCreated,
    input: (r) => r.json(),
    call: (c, i) => c.shortLinks.create(i),
  }),
  route({ method: 'get', path: '/shortLinks', input: (r) => r.query, call: (c, i) => c.shortLinks.list(i) }),
  route({
    method: 'post',
    path: '/shortLinks/:code/bind',
    message: vi.products.codeBound,
    input: async (r) => ({ ...(await r.json()), code: r.params.code }),
    call: (c, i) => c.shortLinks.bind(i),
  }),
];
