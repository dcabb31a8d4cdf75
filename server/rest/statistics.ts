import type { RestRoute } from './adapter.ts';

/** REST adapters for the statistics domain (filled in by the business API issue). */
export const statisticsRoutes: RestRoute[] = [];
