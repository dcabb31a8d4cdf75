import { vi } from '../../shared/i18n/vi/index.ts';
import { type RestRoute, route } from './adapter.ts';

const PATH = '/settings/term-conditions';

/** /api/settings/term-conditions: the home page and terms sections. */
export const documentsRoutes: RestRoute[] = [
  route({ method: 'get', path: PATH, input: (r) => r.query, call: (c, i) => c.documents.list(i) }),
  route({
    method: 'post',
    path: PATH,
    status: 201,
    message: vi.documents.saved,
    input: (r) => r.json(),
    call: (c, i) => c.documents.create(i),
  }),
  route({
    method: 'patch',
    path: PATH,
    message: vi.documents.saved,
    input: (r) => r.json(),
    call: (c, i) => c.documents.update(i),
  }),
  route({
    method: 'delete',
    path: PATH,
    message: vi.documents.deleted,
    input: (r) => r.json(),
    call: (c, i) => c.documents.delete(i),
  }),
];
