import { describe, expect, it } from 'vitest';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { callerFor, TEST_PASSWORD, tokenFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { createWorld } from './world.ts';

const login = (api: Awaited<ReturnType<typeof createTestApi>>, email: string) =>
  api.call('POST', '/auth/login', { body: { email, password: TEST_PASSWORD } });

describe('[REST][users] soft delete, restore, permanent delete', () => {
  it('[COMPANY_ADMIN][REST][users]: a soft-deleted account cannot sign in (410), its token dies, and restore brings it back', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const token = world.tokens.COMPANY_ADMIN;
    const staffToken = await tokenFor(api.deps, world.staffA);
    const del = await api.call('DELETE', `/users/${world.staffA.id}`, { token });
    expect(del.status).toBe(200);
    expect(del.body.message).toBe(messages.users.deleted);
    expect(del.body.data.deletedAt).toEqual(expect.any(String));
    const gone = await login(api, world.staffA.email);
    expect(gone.status).toBe(410);
    expect(gone.body.message).toBe(messages.errors.accountGone);
    expect((await api.call('GET', '/auth/me', { token: staffToken })).status).toBe(410);
    const deletedList = await api.call('GET', '/users?status=DELETED', { token });
    expect(deletedList.body.data.users.map((u: { id: number }) => u.id)).toEqual([world.staffA.id]);

    const restored = await api.call('PUT', `/users/${world.staffA.id}/restore`, { token });
    expect(restored.status).toBe(200);
    expect(restored.body.data.deletedAt).toBeNull();
    expect((await login(api, world.staffA.email)).status).toBe(200);
  });

  it('[SUPER_ADMIN][REST][users]: DELETE /users soft-deletes many at once', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const ids = [world.staffA.id, world.adminB.id, world.accounts.USER.id];
    const res = await api.call('DELETE', '/users', { token: world.tokens.SUPER_ADMIN, body: { ids } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ count: 3 });
    const counts = await api.call('GET', '/users/count-status', { token: world.tokens.SUPER_ADMIN });
    expect(counts.body.data.totalDeleted).toBe(3);
    const empty = await api.call('DELETE', '/users', { token: world.tokens.SUPER_ADMIN, body: { ids: [] } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ ids: messages.validation.required });
    const missing = await api.call('DELETE', '/users', {
      token: world.tokens.SUPER_ADMIN,
      body: { ids: [99999] },
    });
    expect(missing.status).toBe(404);
  });

  it('[SUPER_ADMIN][REST][users]: permanent delete removes the account for good', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const token = world.tokens.SUPER_ADMIN;
    const res = await api.call('DELETE', `/users/${world.accounts.USER.id}/permanently`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: messages.users.deletedPermanently,
      data: { id: world.accounts.USER.id },
    });
    expect((await api.call('GET', `/users/${world.accounts.USER.id}`, { token })).status).toBe(404);
    expect((await api.call('PUT', `/users/${world.accounts.USER.id}/restore`, { token })).status).toBe(404);
    const signIn = await login(api, world.accounts.USER.email);
    expect(signIn.status).toBe(401);
  });

  for (const role of ['SUPER_ADMIN', 'COMPANY_ADMIN'] as const) {
    it(`[${role}][REST][users]: nobody deletes their own account, one way or another (400)`, async () => {
      const api = await createTestApi();
      const world = await createWorld(api.deps);
      const token = world.tokens[role];
      const self = world.accounts[role].id;
      for (const [method, path, body] of [
        ['DELETE', `/users/${self}`, undefined],
        ['DELETE', '/users', { ids: [world.staffA.id, self] }],
        ['DELETE', `/users/${self}/permanently`, undefined],
      ] as const) {
        const res = await api.call(method, path, { token, body });
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(res.body.message).toBe(messages.users.cannotDeleteSelf);
      }
      expect((await api.call('GET', `/users/${world.staffA.id}`, { token })).body.data.deletedAt).toBeNull();
      expect((await api.call('GET', '/auth/me', { token })).status).toBe(200);
    });
  }

  it('[COMPANY_ADMIN][router][users]: delete, restore and permanent delete through the caller', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const caller = callerFor(api.deps, world.accounts.COMPANY_ADMIN);
    await expect(caller.users.delete({ id: world.staffA.id })).resolves.toMatchObject({
      id: world.staffA.id,
    });
    await expect(caller.users.restore({ id: world.staffA.id })).resolves.toMatchObject({ deletedAt: null });
    await expect(caller.users.deletePermanently({ id: world.staffA.id })).resolves.toEqual({
      id: world.staffA.id,
    });
    await expect(caller.users.byId({ id: world.staffA.id })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(caller.users.deletePermanently({ id: world.employeeB.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
