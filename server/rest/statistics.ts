import { type RestRoute, route } from './adapter.ts';

/**
 * The dashboard lives under /companies; companies.ts constrains `/companies/:id` to digits, so this
 * path is never read as a company id even though companiesRoutes are mounted first.
 */
export const statisticsRoutes: RestRoute[] = [
  route({
    method: 'get',
    path: '/companies/dashboard/statistic',
    input: (r) => r.query,
    call: (c, i) => c.statistics.dashboard(i),
  }),
  route({ method: 'get', path: '/statistics/general', call: (c) => c.statistics.general() }),
];
