import type { RestRoute } from './adapter.ts';

/** REST adapters for the documents domain (filled in by the business API issue). */
export const documentsRoutes: RestRoute[] = [];
