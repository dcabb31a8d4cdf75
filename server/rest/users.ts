import type { RestRoute } from './adapter.ts';

/** REST adapters for the users domain (filled in by the business API issue). */
export const usersRoutes: RestRoute[] = [];
