import type { RestRoute } from './adapter.ts';

/** REST adapters for the scanLogs domain (filled in by the business API issue). */
export const scanLogsRoutes: RestRoute[] = [];
