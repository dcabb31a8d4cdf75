import { vi } from '#shared/i18n/vi/index.ts';
import { route, type RestRoute } from './adapter.ts';

/**
 * /api/lots/{id}/epcis: a company adds an EPCIS 2.0 document's ObjectEvents to its lot (tRPC
 * epcis.importIntoLot). The public exports GET /api/epcis/... are served as JSON-LD by
 * server/http/gs1-answers.ts (declared in server/http/public-routes.ts) with the same service functions
 * as epcis.product and epcis.lot.
 */
export const epcisRoutes: RestRoute[] = [
  route({
    method: 'post',
    path: '/lots/:id/epcis',
    message: vi.gs1.epcisImportedTitle,
    input: async (r) => ({ lotId: r.params.id, document: await r.json(['application/ld+json']) }),
    call: (c, i) => c.epcis.importIntoLot(i),
  }),
];
