import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/trpc/root.ts';

type Outputs = inferRouterOutputs<AppRouter>;
/** The public product answer: resolve by code, the photo scan and the page by id all give this shape. */
export type PublicProduct = Outputs['publicProducts']['byId'];
/** A scan's answer (decision 184): the product, the page the scan opens, what was scanned. */
export type ScanAnswer = Outputs['products']['resolveScan'];
export type PublicCompanyProduct = Outputs['publicProducts']['companyProducts']['products'][number];
export type ScanLogEntry = Outputs['scanLogs']['list']['logs'][number];
