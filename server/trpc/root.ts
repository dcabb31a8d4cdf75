import { createCallerFactory, router } from './init.ts';
import { authRouter } from './routers/auth.ts';
import { companiesRouter } from './routers/companies.ts';
import { documentsRouter } from './routers/documents.ts';
import { epcisRouter } from './routers/epcis.ts';
import { lotsRouter } from './routers/lots.ts';
import { receiptsRouter, shipmentsRouter } from './routers/movements.ts';
import { partnersRouter } from './routers/partners.ts';
import { plotsRouter } from './routers/plots.ts';
import { productImportRouter } from './routers/productImport.ts';
import { productsRouter } from './routers/products.ts';
import { publicProductsRouter } from './routers/publicProducts.ts';
import { scanLogsRouter } from './routers/scanLogs.ts';
import { serialsRouter } from './routers/serials.ts';
import { shortLinksRouter } from './routers/shortLinks.ts';
import { statisticsRouter } from './routers/statistics.ts';
import { supplyChainRouter } from './routers/supply-chain.ts';
import { systemRouter } from './routers/system.ts';
import { uploadsRouter } from './routers/uploads.ts';
import { usersRouter } from './routers/users.ts';

export const appRouter = router({
  system: systemRouter,
  auth: authRouter,
  users: usersRouter,
  companies: companiesRouter,
  products: productsRouter,
  productImport: productImportRouter,
  lots: lotsRouter,
  publicProducts: publicProductsRouter,
  documents: documentsRouter,
  shortLinks: shortLinksRouter,
  scanLogs: scanLogsRouter,
  statistics: statisticsRouter,
  uploads: uploadsRouter,
  epcis: epcisRouter,
  partners: partnersRouter,
  receipts: receiptsRouter,
  shipments: shipmentsRouter,
  supplyChain: supplyChainRouter,
  plots: plotsRouter,
  serials: serialsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
export type Caller = ReturnType<typeof createCaller>;
