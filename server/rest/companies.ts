import { vi } from '#shared/i18n/vi/index.ts';
import { type RestRoute, route } from './adapter.ts';

/** GET, POST .../upsert and DELETE for one of the company's lists (categories, units, tags). */
function termRoutes(name: 'categories' | 'units' | 'tags'): RestRoute[] {
  return [
    route({
      method: 'get',
      path: `/companies/${name}`,
      input: (r) => r.query,
      call: (c, i) => c.companies[name].list(i),
    }),
    route({
      method: 'post',
      path: `/companies/${name}/upsert`,
      message: vi.companies.termsSaved,
      input: (r) => r.json(),
      call: (c, i) => c.companies[name].upsert(i),
    }),
    route({
      method: 'delete',
      path: `/companies/${name}`,
      message: vi.companies.termsDeleted,
      input: (r) => r.json(),
      call: (c, i) => c.companies[name].delete(i),
    }),
  ];
}

/**
 * /api/companies/...: the fixed paths first; `:id` takes digits only, so neither these nor
 * `/companies/dashboard/statistic` (in statistics.ts, mounted later) can be read as an id.
 */
export const companiesRoutes: RestRoute[] = [
  route({ method: 'get', path: '/companies/all', input: (r) => r.query, call: (c, i) => c.companies.all(i) }),
  ...termRoutes('categories'),
  ...termRoutes('units'),
  ...termRoutes('tags'),
  route({
    method: 'get',
    path: '/companies/:id{[0-9]+}',
    input: (r) => ({ id: r.params.id }),
    call: (c, i) => c.companies.byId(i),
  }),
];
