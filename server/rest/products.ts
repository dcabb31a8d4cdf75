import type { RestRoute } from './adapter.ts';

/** REST adapters for the products domain (filled in by the business API issue). */
export const productsRoutes: RestRoute[] = [];
