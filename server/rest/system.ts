import { vi } from '#shared/i18n/vi/index.ts';
import { type RestRoute, route } from './adapter.ts';

export const systemRoutes: RestRoute[] = [
  route({ method: 'get', path: '/health', message: vi.health.alive, call: (c) => c.system.health() }),
  route({ method: 'get', path: '/health/ready', message: vi.health.alive, call: (c) => c.system.ready() }),
  route({ method: 'get', path: '/config', call: (c) => c.system.config() }),
];
