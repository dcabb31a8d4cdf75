import type { z } from 'zod';
import { vi } from '#shared/i18n/vi/index.ts';
import type { documentListInput } from '#shared/schemas/documents.ts';
import { type RestRoute, route } from './adapter.ts';

const PATH = '/settings/term-conditions';

/** /api/settings/term-conditions: the home page and terms sections. */
export const documentsRoutes: RestRoute[] = [
  route({
    method: 'get',
    path: PATH, // The procedure validates the query (a missing or unknown key is 400); the cast only names its type.
    input: (r) => r.query as z.input<typeof documentListInput>,
    call: (c, i) => c.documents.list(i),
  }),
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
