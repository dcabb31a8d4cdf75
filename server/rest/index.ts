import type { RestRoute } from './adapter.ts';
import { authRoutes } from './auth.ts';
import { companiesRoutes } from './companies.ts';
import { documentsRoutes } from './documents.ts';
import { epcisRoutes } from './epcis.ts';
import { productImportRoutes } from './productImport.ts';
import { productsRoutes } from './products.ts';
import { publicProductsRoutes } from './publicProducts.ts';
import { scanLogsRoutes } from './scanLogs.ts';
import { shortLinksRoutes } from './shortLinks.ts';
import { statisticsRoutes } from './statistics.ts';
import { systemRoutes } from './system.ts';
import { uploadsRoutes } from './uploads.ts';
import { usersRoutes } from './users.ts';

/** Every documented /api path. Order matters only where paths overlap (`/users/count-status` before `/users/:id`). */
export const restRoutes: RestRoute[] = [
  ...systemRoutes,
  ...authRoutes,
  ...scanLogsRoutes,
  ...usersRoutes,
  ...companiesRoutes,
  ...statisticsRoutes,
  ...productImportRoutes,
  ...productsRoutes,
  ...publicProductsRoutes,
  ...documentsRoutes,
  ...shortLinksRoutes,
  ...uploadsRoutes,
  ...epcisRoutes,
];
