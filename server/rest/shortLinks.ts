import type { RestRoute } from './adapter.ts';

/** REST adapters for the shortLinks domain (filled in by the business API issue). */
export const shortLinksRoutes: RestRoute[] = [];
