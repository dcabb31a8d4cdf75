import { describe, expect, it } from 'vitest';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { callerFor, createUser } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { createWorld } from './world.ts';

describe('[REST][users] list, filters and counts', () => {
  it('[SUPER_ADMIN][REST][users]: pages of 20 by default, sorted by name, with the count of every live account', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    for (let i = 0; i < 20; i++) await createUser(api.deps, { name: `Khách ${String(i).padStart(2, '0')}` });
    const page1 = await api.call('GET', '/users', { token: world.tokens.SUPER_ADMIN });
    expect(page1.status).toBe(200);
    expect(page1.body.data.count).toBe(28);
    expect(page1.body.data.users).toHaveLength(20);
    const names = page1.body.data.users.map((u: { name: string }) => u.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const page2 = await api.call('GET', '/users?pageIndex=2', { token: world.tokens.SUPER_ADMIN });
    expect(page2.body.data.users).toHaveLength(8);
    expect(page1.text).not.toMatch(/passwordHash|tokenVersion|scrypt/);
  });

  it('[SUPER_ADMIN][REST][users]: sorts by an allowed field in either order', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const res = await api.call('GET', '/users?sortField=email&sortOrder=desc&pageSize=100', {
      token: world.tokens.SUPER_ADMIN,
    });
    const emails = res.body.data.users.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort().reverse());
  });

  it('[SUPER_ADMIN][REST][users]: a sort field or order outside the allow-list, or an unknown query field, is 400', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    for (const query of [
      'sortField=passwordHash',
      'sortOrder=sideways',
      'pageSize=1000',
      'pageIndex=0',
      'status=GONE',
    ]) {
      const res = await api.call('GET', `/users?${query}`, { token: world.tokens.SUPER_ADMIN });
      expect(res.status, query).toBe(400);
      expect(res.body.message).toBe(messages.errors.validation);
      expect(Object.keys(res.body.errors ?? {})).toEqual([query.split('=')[0]]);
    }
    const unknown = await api.call('GET', '/users?role=USER', { token: world.tokens.SUPER_ADMIN });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ role: messages.validation.unknownField('role') });
  });

  it('[SUPER_ADMIN][REST][users]: searchName ignores case and Vietnamese marks, on name, e-mail and username', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const nguyen = await createUser(api.deps, { name: 'Nguyễn Thị Đào' });
    const byMail = await createUser(api.deps, { email: 'dao.tran@example.com' });
    const byUsername = await createUser(api.deps, { username: 'daoxuan' });
    const search = async (term: string) => {
      const res = await api.call('GET', `/users?searchName=${encodeURIComponent(term)}`, {
        token: world.tokens.SUPER_ADMIN,
      });
      return res.body.data.users.map((u: { id: number }) => u.id).sort();
    };
    expect(await search('nguyen thi')).toEqual([nguyen.id]);
    expect(await search('NGUYỄN')).toEqual([nguyen.id]);
    expect(await search('dao')).toEqual([nguyen.id, byMail.id, byUsername.id].sort());
    expect(await search('%')).toEqual([]);
  });

  it('[SUPER_ADMIN][REST][users]: status filters live accounts; DELETED lists only soft-deleted ones; counts agree', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const pending = await createUser(api.deps, { status: 'PENDING' });
    const disabled = await createUser(api.deps, { status: 'DISABLED' });
    const deleted = await createUser(api.deps, { status: 'ACTIVE', deletedAt: new Date() });
    const ids = async (status: string) =>
      (
        await api.call('GET', `/users?status=${status}&pageSize=100`, { token: world.tokens.SUPER_ADMIN })
      ).body.data.users.map((u: { id: number }) => u.id);
    expect(await ids('PENDING')).toEqual([pending.id]);
    expect(await ids('DISABLED')).toEqual([disabled.id]);
    expect(await ids('DELETED')).toEqual([deleted.id]);
    expect(await ids('ACTIVE')).not.toContain(deleted.id);
    const counts = await api.call('GET', '/users/count-status', { token: world.tokens.SUPER_ADMIN });
    expect(counts.body.data).toEqual({
      total: 10,
      totalActive: 8,
      totalPending: 1,
      totalDisabled: 1,
      totalDeleted: 1,
    });
  });
});

describe('[COMPANY_ADMIN][users] tenant isolation', () => {
  it('[COMPANY_ADMIN][REST][users]: lists and counts only its own company, whatever companyId, status or search it sends', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    await createUser(api.deps, {
      role: 'EMPLOYEE',
      companyId: world.companyB.id,
      name: 'Bí mật B',
      deletedAt: new Date(),
    });
    const token = world.tokens.COMPANY_ADMIN;
    const own = [world.accounts.COMPANY_ADMIN.id, world.accounts.EMPLOYEE.id, world.staffA.id].sort();
    const list = await api.call('GET', `/users?companyId=${world.companyB.id}&pageSize=100`, { token });
    expect(list.body.data.users.map((u: { id: number }) => u.id).sort()).toEqual(own);
    expect(list.body.data.count).toBe(3);
    const searchB = await api.call('GET', `/users?searchName=${encodeURIComponent(world.adminB.email)}`, {
      token,
    });
    expect(searchB.body.data).toEqual({ users: [], count: 0 });
    const deletedB = await api.call('GET', '/users?status=DELETED', { token });
    expect(deletedB.body.data).toEqual({ users: [], count: 0 });
    const counts = await api.call('GET', '/users/count-status', { token });
    expect(counts.body.data).toEqual({
      total: 3,
      totalActive: 3,
      totalPending: 0,
      totalDisabled: 0,
      totalDeleted: 0,
    });
  });

  it("[COMPANY_ADMIN][REST][users]: another company's account answers like a missing one (404) on every path and stays untouched", async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const token = world.tokens.COMPANY_ADMIN;
    const b = world.employeeB.id;
    const attempts: Array<[string, string, unknown?]> = [
      ['GET', `/users/${b}`],
      ['PATCH', `/users/${b}`, { name: 'Bị sửa' }],
      ['DELETE', `/users/${b}`],
      ['DELETE', '/users', { ids: [world.staffA.id, b] }],
      ['PUT', `/users/${b}/restore`],
      ['DELETE', `/users/${b}/permanently`],
      ['GET', `/users/${world.accounts.USER.id}`],
    ];
    for (const [method, path, body] of attempts) {
      const res = await api.call(method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body.message).toBe(messages.errors.notFound);
    }
    const missing = await api.call('GET', '/users/99999', { token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(messages.errors.notFound);
    const still = await api.call('GET', `/users/${b}`, { token: world.tokens.SUPER_ADMIN });
    expect(still.body.data).toMatchObject({ name: world.employeeB.name, deletedAt: null });
    const staff = await api.call('GET', `/users/${world.staffA.id}`, { token });
    expect(staff.body.data.deletedAt).toBeNull();
  });

  it('[COMPANY_ADMIN][router][users]: list ignores a companyId filter', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const caller = callerFor(api.deps, world.accounts.COMPANY_ADMIN);
    const res = await caller.users.list({ companyId: world.companyB.id, pageSize: 100 });
    expect(res.users.every((u) => u.companyId === world.companyA.id)).toBe(true);
    expect(res.count).toBe(3);
  });

  it('[SUPER_ADMIN][router][users]: list can narrow to one company', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const res = await callerFor(api.deps, world.accounts.SUPER_ADMIN).users.list({
      companyId: world.companyB.id,
    });
    expect(res.users.map((u) => u.id).sort()).toEqual([world.adminB.id, world.employeeB.id].sort());
  });
});
