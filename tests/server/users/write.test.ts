import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { tables } from '#tests/helpers/deps.ts';
import { callerFor, TEST_PASSWORD, tokenFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { createWorld } from './world.ts';

const { users } = tables;

const NEW_PASSWORD = 'mat-khau-moi-rat-dai-7';
const staffBody = (extra: object = {}) => ({
  name: 'Trần Văn Bình',
  email: 'binh@example.com',
  password: NEW_PASSWORD,
  role: 'EMPLOYEE',
  ...extra,
});

describe('[REST][users] create', () => {
  it('[COMPANY_ADMIN][REST][users]: staff land in its own company, ACTIVE, and can sign in at once with the set password', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const res = await api.call('POST', '/users', {
      token: world.tokens.COMPANY_ADMIN,
      body: staffBody({ companyId: world.companyB.id, phoneNumber: '0912 345 678', username: 'binh.tran' }),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      role: 'EMPLOYEE',
      companyId: world.companyA.id,
      status: 'ACTIVE',
      email: 'binh@example.com',
      username: 'binh.tran',
    });
    expect(res.text).not.toMatch(/passwordHash|tokenVersion|scrypt/);
    const login = await api.call('POST', '/auth/login', {
      body: { email: 'binh@example.com', password: NEW_PASSWORD },
    });
    expect(login.status).toBe(200);
  });

  it('[COMPANY_ADMIN][REST][users]: a role other than EMPLOYEE or COMPANY_ADMIN is 403 and nothing is created', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    for (const role of ['SUPER_ADMIN', 'MODERATOR', 'USER']) {
      const res = await api.call('POST', '/users', {
        token: world.tokens.COMPANY_ADMIN,
        body: staffBody({ role }),
      });
      expect(res.status, role).toBe(403);
      expect(res.body.message).toBe(messages.users.roleNotAllowed);
    }
    const ok = await api.call('POST', '/users', {
      token: world.tokens.COMPANY_ADMIN,
      body: staffBody({ role: 'COMPANY_ADMIN' }),
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data).toMatchObject({ role: 'COMPANY_ADMIN', companyId: world.companyA.id });
  });

  it('[SUPER_ADMIN][REST][users]: company roles need an existing company; other roles belong to none; status may be set', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const token = world.tokens.SUPER_ADMIN;
    const noCompany = await api.call('POST', '/users', { token, body: staffBody() });
    expect(noCompany.status).toBe(400);
    expect(noCompany.body.errors).toEqual({ companyId: messages.users.companyRequired });
    const missing = await api.call('POST', '/users', { token, body: staffBody({ companyId: 9999 }) });
    expect(missing.body.errors).toEqual({ companyId: messages.users.companyNotFound });
    const userInCompany = await api.call('POST', '/users', {
      token,
      body: staffBody({ role: 'USER', companyId: world.companyA.id }),
    });
    expect(userInCompany.status).toBe(400);
    const moderator = await api.call('POST', '/users', {
      token,
      body: staffBody({ role: 'MODERATOR', status: 'PENDING' }),
    });
    expect(moderator.status).toBe(201);
    expect(moderator.body.data).toMatchObject({ role: 'MODERATOR', companyId: null, status: 'PENDING' });
    const inB = await api.call('POST', '/users', {
      token,
      body: staffBody({ email: 'b2@example.com', companyId: world.companyB.id }),
    });
    expect(inB.body.data.companyId).toBe(world.companyB.id);
  });

  it('[SUPER_ADMIN][REST][users]: a taken e-mail (any case) or username is 409; a common password 400', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const token = world.tokens.SUPER_ADMIN;
    const email = await api.call('POST', '/users', {
      token,
      body: staffBody({ email: world.accounts.USER.email.toUpperCase(), role: 'USER' }),
    });
    expect(email.status).toBe(409);
    expect(email.body).toEqual({
      statusCode: 409,
      message: messages.errors.emailTaken,
      errors: { email: messages.errors.emailTaken },
    });
    await api.call('POST', '/users', { token, body: staffBody({ role: 'USER', username: 'trung' }) });
    const username = await api.call('POST', '/users', {
      token,
      body: staffBody({ role: 'USER', email: 'khac@example.com', username: 'trung' }),
    });
    expect(username.status).toBe(409);
    expect(username.body.message).toBe(messages.errors.usernameTaken);
    const weak = await api.call('POST', '/users', {
      token,
      body: staffBody({ role: 'USER', email: 'yeu@example.com', password: 'password123' }),
    });
    expect(weak.status).toBe(400);
    expect(weak.body.errors).toEqual({ password: messages.errors.weakPassword });
  });

  it('[SUPER_ADMIN][REST][users]: bad bodies are 400 with field errors; unknown fields are refused', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const token = world.tokens.SUPER_ADMIN;
    const bad = await api.call('POST', '/users', {
      token,
      body: { name: '', email: 'not-an-email', password: 'short', role: 'GUEST' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(messages.errors.validation);
    expect(bad.body.errors).toMatchObject({
      name: messages.validation.required,
      email: messages.validation.email,
      password: messages.validation.passwordMin(8),
    });
    expect(bad.body.errors).toHaveProperty('role');
    const unknown = await api.call('POST', '/users', {
      token,
      body: staffBody({ role: 'USER', tokenVersion: 5, passwordHash: 'x' }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({
      tokenVersion: messages.validation.unknownField('tokenVersion'),
      passwordHash: messages.validation.unknownField('passwordHash'),
    });
    const patch = await api.call('PATCH', `/users/${world.staffA.id}`, { token, body: { deletedAt: null } });
    expect(patch.status).toBe(400);
    expect(patch.body.errors).toEqual({ deletedAt: messages.validation.unknownField('deletedAt') });
  });
});

describe('[REST][users] update', () => {
  it('[COMPANY_ADMIN][REST][users]: edits its staff; cannot move them to another company or give a non-company role', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const token = world.tokens.COMPANY_ADMIN;
    const path = `/users/${world.staffA.id}`;
    const edit = await api.call('PATCH', path, {
      token,
      body: { name: 'Lê Thu', role: 'COMPANY_ADMIN', companyId: world.companyB.id, phoneNumber: '' },
    });
    expect(edit.status).toBe(200);
    expect(edit.body.data).toMatchObject({
      name: 'Lê Thu',
      role: 'COMPANY_ADMIN',
      companyId: world.companyA.id,
      phoneNumber: null,
    });
    const promote = await api.call('PATCH', path, { token, body: { role: 'SUPER_ADMIN' } });
    expect(promote.status).toBe(403);
    expect(promote.body.message).toBe(messages.users.roleNotAllowed);
    const taken = await api.call('PATCH', path, { token, body: { email: world.adminB.email } });
    expect(taken.status).toBe(409);
  });

  it('[COMPANY_ADMIN][REST][users]: cannot demote or disable itself (400, clear message)', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const token = world.tokens.COMPANY_ADMIN;
    const path = `/users/${world.accounts.COMPANY_ADMIN.id}`;
    const demote = await api.call('PATCH', path, { token, body: { role: 'EMPLOYEE' } });
    expect(demote.status).toBe(400);
    expect(demote.body.message).toBe(messages.users.cannotChangeOwnRole);
    const disable = await api.call('PATCH', path, { token, body: { status: 'DISABLED' } });
    expect(disable.status).toBe(400);
    expect(disable.body.message).toBe(messages.users.cannotChangeOwnStatus);
    const rename = await api.call('PATCH', path, {
      token,
      body: { name: 'Tự đổi tên', role: 'COMPANY_ADMIN' },
    });
    expect(rename.status).toBe(200);
  });

  it('[SUPER_ADMIN][REST][users]: cannot demote itself', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const res = await api.call('PATCH', `/users/${world.accounts.SUPER_ADMIN.id}`, {
      token: world.tokens.SUPER_ADMIN,
      body: { role: 'USER' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.users.cannotChangeOwnRole);
  });

  it("[COMPANY_ADMIN][REST][users]: disabling ends the user's sessions (410) and bumps tokenVersion", async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const staffToken = await tokenFor(api.deps, world.staffA);
    expect((await api.call('GET', '/auth/me', { token: staffToken })).status).toBe(200);
    const res = await api.call('PATCH', `/users/${world.staffA.id}`, {
      token: world.tokens.COMPANY_ADMIN,
      body: { status: 'DISABLED' },
    });
    expect(res.body.data.status).toBe('DISABLED');
    const row = (await api.deps.db.select().from(users).where(eq(users.id, world.staffA.id)).limit(1))[0];
    expect(row?.tokenVersion).toBe(world.staffA.tokenVersion + 1);
    expect((await api.call('GET', '/auth/me', { token: staffToken })).status).toBe(410);
    const login = await api.call('POST', '/auth/login', {
      body: { email: world.staffA.email, password: TEST_PASSWORD },
    });
    expect(login.status).toBe(410);
    // Enabled again: the old token stays dead, a new sign-in works.
    await api.call('PATCH', `/users/${world.staffA.id}`, {
      token: world.tokens.COMPANY_ADMIN,
      body: { status: 'ACTIVE' },
    });
    expect((await api.call('GET', '/auth/me', { token: staffToken })).status).toBe(401);
    expect(
      (
        await api.call('POST', '/auth/login', {
          body: { email: world.staffA.email, password: TEST_PASSWORD },
        })
      ).status,
    ).toBe(200);
  });

  it("[SUPER_ADMIN][REST][users]: a password set by an admin ends the user's sessions; the new password signs in", async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const userToken = await tokenFor(api.deps, world.accounts.USER);
    const res = await api.call('PATCH', `/users/${world.accounts.USER.id}`, {
      token: world.tokens.SUPER_ADMIN,
      body: { password: NEW_PASSWORD },
    });
    expect(res.status).toBe(200);
    const me = await api.call('GET', '/auth/me', { token: userToken });
    expect(me.status).toBe(401);
    expect(me.body.message).toBe(messages.errors.invalidToken);
    const login = await api.call('POST', '/auth/login', {
      body: { email: world.accounts.USER.email, password: NEW_PASSWORD },
    });
    expect(login.status).toBe(200);
  });

  it('[SUPER_ADMIN][router][users]: moving an employee to a non-company role drops its company', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const caller = callerFor(api.deps, world.accounts.SUPER_ADMIN);
    const moved = await caller.users.update({ id: world.staffA.id, role: 'USER' });
    expect(moved).toMatchObject({ role: 'USER', companyId: null });
    const back = await caller.users.update({
      id: world.staffA.id,
      role: 'EMPLOYEE',
      companyId: world.companyB.id,
    });
    expect(back).toMatchObject({ role: 'EMPLOYEE', companyId: world.companyB.id });
    await expect(caller.users.update({ id: world.staffA.id, name: 'x'.repeat(101) })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    });
  });
});
