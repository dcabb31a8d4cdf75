import type { RestRoute } from './adapter.ts';

/** REST adapters for the companies domain (filled in by the business API issue). */
export const companiesRoutes: RestRoute[] = [];
