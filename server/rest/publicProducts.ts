import { type RestRoute, route } from './adapter.ts';

/** /api/public/...: the public product page and a company's public product list. */
export const publicProductsRoutes: RestRoute[] = [
  route({
    method: 'get',
    path: '/public/products/:id',
    input: (r) => ({ id: r.params.id }),
    call: (c, i) => c.publicProducts.byId(i),
  }),
  route({
    method: 'get',
    path: '/public/companies/:id/products',
    input: (r) => ({ ...r.query, id: r.params.id }),
    call: (c, i) => c.publicProducts.companyProducts(i),
  }),
];
