import { vi } from '#shared/i18n/vi/index.ts';
import { type RestRoute, route } from './adapter.ts';

/** /api/auth/scan-log(s): the signed-in user's own scan history. */
export const scanLogsRoutes: RestRoute[] = [
  route({
    method: 'get',
    path: '/auth/scan-logs',
    input: (r) => r.query,
    call: (c, i) => c.scanLogs.list(i),
  }),
  route({
    method: 'post',
    path: '/auth/scan-log',
    status: 201,
    message: vi.scan.logAdded,
    input: (r) => r.json(),
    call: (c, i) => c.scanLogs.add(i),
  }),
  route({
    method: 'post',
    path: '/auth/scan-logs',
    message: vi.scan.logsMerged,
    input: (r) => r.json(),
    call: (c, i) => c.scanLogs.merge(i),
  }),
];
