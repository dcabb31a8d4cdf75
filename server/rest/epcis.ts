import { type RestRoute, route } from './adapter.ts';

/**
 * /api/lots/{id}/epcis: a company adds an EPCIS 2.0 document's events to its lot (tRPC
 * epcis.importIntoLot); the answer says how many were added and how many the lot already held. The public
 * exports GET /api/epcis/... are served as JSON-LD by server/http/gs1-answers.ts (declared in server/http/public-routes.ts) with the same service functions
 * as epcis.product and epcis.lot.
 */
export const epcisRoutes: RestRoute[] = [
  // The company's own export of its lot, supply chain included (decision 203), as a JSON-LD file.
  route({
    method: 'get',
    path: '/lots/:id/epcis',
    input: (r) => ({ id: r.params.id }),
    call: (c, i) => c.epcis.companyLot(i),
    answer: 'file',
  }),
  route({
    method: 'post',
    path: '/lots/:id/epcis',
    input: async (r) => ({ lotId: r.params.id, document: await r.json(['application/ld+json']) }),
    call: (c, i) => c.epcis.importIntoLot(i),
    // After call: the answer's type is known once call is read.
    message: (result) => result.message,
  }),
];
