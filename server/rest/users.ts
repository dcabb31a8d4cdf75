import { vi } from '#shared/i18n/vi/index.ts';
import { type RestRequest, type RestRoute, route } from './adapter.ts';

/** The body with the path's id: the path wins over an `id` in the body. */
const bodyWithId = async (r: RestRequest) => ({ ...(await r.json()), id: r.params.id });

/** /api/users...: `/users/count-status` is registered before `/users/:id`, and ids are digits only. */
export const usersRoutes: RestRoute[] = [
  route({ method: 'get', path: '/users', input: (r) => r.query, call: (c, i) => c.users.list(i) }),
  route({ method: 'get', path: '/users/count-status', call: (c) => c.users.countStatus() }),
  route({
    method: 'get',
    path: '/users/:id{[0-9]+}',
    input: (r) => ({ id: r.params.id }),
    call: (c, i) => c.users.byId(i),
  }),
  route({
    method: 'post',
    path: '/users',
    status: 201,
    input: (r) => r.json(),
    call: (c, i) => c.users.create(i),
  }),
  route({
    method: 'patch',
    path: '/users/:id{[0-9]+}',
    message: vi.api.updated,
    input: bodyWithId,
    call: (c, i) => c.users.update(i),
  }),
  route({
    method: 'delete',
    path: '/users/:id{[0-9]+}',
    message: vi.users.deleted,
    input: (r) => ({ id: r.params.id }),
    call: (c, i) => c.users.delete(i),
  }),
  route({
    method: 'delete',
    path: '/users',
    message: vi.users.deleted,
    input: (r) => r.json(),
    call: (c, i) => c.users.deleteMany(i),
  }),
  route({
    method: 'put',
    path: '/users/:id{[0-9]+}/restore',
    message: vi.users.restored,
    input: (r) => ({ id: r.params.id }),
    call: (c, i) => c.users.restore(i),
  }),
  route({
    method: 'delete',
    path: '/users/:id{[0-9]+}/permanently',
    message: vi.users.deletedPermanently,
    input: (r) => ({ id: r.params.id }),
    call: (c, i) => c.users.deletePermanently(i),
  }),
];
