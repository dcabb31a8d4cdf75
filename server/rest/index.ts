import type { RestRoute } from './adapter.ts';
import { authRoutes } from './auth.ts';
import { companiesRoutes } from './companies.ts';
import { documentsRoutes } from './documents.ts';
import { epcisRoutes } from './epcis.ts';
import { lotsRoutes } from './lots.ts';
import { plotsRoutes } from './plots.ts';
import { productImportRoutes } from './productImport.ts';
import { productsRoutes } from './products.ts';
import { publicProductsRoutes } from './publicProducts.ts';
import { scanLogsRoutes } from './scanLogs.ts';
import { serialVerdictRoutes } from './serial-verdicts.ts';
import { serialsRoutes } from './serials.ts';
import { shortLinksRoutes } from './shortLinks.ts';
import { statisticsRoutes } from './statistics.ts';
import { supplyChainRoutes } from './supply-chain.ts';
import { systemRoutes } from './system.ts';
import { translationsRoutes } from './translations.ts';
import { uploadsRoutes } from './uploads.ts';
import { usersRoutes } from './users.ts';

/**
 * Every documented /api path that is an adapter over a tRPC procedure. Order matters only where paths
 * overlap (`/users/count-status` before `/users/:id`). Three kinds of /api path are declared elsewhere,
 * because they answer something a procedure does not:
 * - the public resolves `GET /api/products/qr-codes/{code}` and `GET /api/shortLinks/{code}`, with the
 *   app's tRPC `products.resolve` and the server-rendered pages: server/http/public-routes.ts (the
 *   answers are kept encoded, decision 110);
 * - the QR images `GET /api/qr/{code}.png|.svg`: server/http/qr-images.ts (an image, cacheable);
 * - the import templates `GET /api/products/import/template.csv|.xlsx`: server/http/import-templates.ts (a file).
 */
export const restRoutes: RestRoute[] = [
  ...systemRoutes,
  ...authRoutes,
  ...scanLogsRoutes,
  ...usersRoutes,
  ...companiesRoutes,
  ...translationsRoutes,
  ...statisticsRoutes,
  ...productImportRoutes,
  ...productsRoutes,
  ...plotsRoutes,
  ...serialsRoutes,
  ...supplyChainRoutes,
  ...lotsRoutes,
  ...publicProductsRoutes,
  ...documentsRoutes,
  ...shortLinksRoutes,
  ...uploadsRoutes,
  ...epcisRoutes,
  ...serialVerdictRoutes,
];
