import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { tables } from '#tests/helpers/deps.ts';
import { createUser, TEST_PASSWORD, tokenFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';

const { users } = tables;

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

describe('[REST][auth] sign-in', () => {
  it('an ACTIVE account signs in and gets its session and permissions', async () => {
    const api = await createTestApi();
    const user = await createUser(api.deps, { role: 'EMPLOYEE' });
    const res = await api.call('POST', '/auth/login', {
      body: { email: user.email.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.user).toMatchObject({ id: user.id, role: 'EMPLOYEE' });
    expect(res.body.data.session.permissions).toContainEqual({ action: 'manage', subject: 'Product' });
    expect(res.text).not.toContain(user.passwordHash);
    expect(res.text).not.toMatch(/passwordHash|tokenVersion/);
  });

  it('a wrong password and an unknown e-mail are both 401 with the same message', async () => {
    const api = await createTestApi();
    const user = await createUser(api.deps);
    const wrong = await api.call('POST', '/auth/login', {
      body: { email: user.email, password: 'khong-dung-roi' },
    });
    const unknown = await api.call('POST', '/auth/login', {
      body: { email: 'ai@example.com', password: 'khong-dung-roi' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe(messages.errors.wrongCredentials);
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('a DISABLED or deleted account is 410; a PENDING one 412', async () => {
    const api = await createTestApi();
    const disabled = await createUser(api.deps, { status: 'DISABLED' });
    const deleted = await createUser(api.deps, { deletedAt: new Date() });
    const pending = await createUser(api.deps, { status: 'PENDING' });
    for (const u of [disabled, deleted]) {
      const res = await api.call('POST', '/auth/login', {
        body: { email: u.email, password: TEST_PASSWORD },
      });
      expect(res.status).toBe(410);
      expect(res.body).toEqual({ statusCode: 410, message: messages.errors.accountGone });
    }
    const res = await api.call('POST', '/auth/login', {
      body: { email: pending.email, password: TEST_PASSWORD },
    });
    expect(res.status).toBe(412);
  });

  it('a malformed JSON body is 400 and a non-JSON body 415', async () => {
    const api = await createTestApi();
    const bad = await api.call('POST', '/auth/login', {
      raw: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(messages.errors.invalidJson);
    const form = await api.call('POST', '/auth/login', {
      raw: 'email=a&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
  });
});

describe('[REST][auth] tokens', () => {
  it('GET /auth/me without a token is 401', async () => {
    const api = await createTestApi();
    const res = await api.call('GET', '/auth/me');
    expect(res.status).toBe(401);
    expect(res.body.message).toBe(messages.errors.unauthorized);
  });

  it('a token with alg none is 401', async () => {
    const api = await createTestApi();
    const user = await createUser(api.deps);
    const now = Math.floor(Date.now() / 1000);
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: String(user.id), ver: 0, iat: now, exp: now + 600 })}.`;
    const res = await api.call('GET', '/auth/me', { token: none });
    expect(res.status).toBe(401);
  });

  it('a token with a tampered payload or signature is 401', async () => {
    const api = await createTestApi();
    const user = await createUser(api.deps);
    const admin = await createUser(api.deps, { role: 'SUPER_ADMIN' });
    const token = await tokenFor(api.deps, user);
    const [h, , s] = token.split('.');
    const now = Math.floor(Date.now() / 1000);
    const forged = `${h}.${b64({ sub: String(admin.id), ver: 0, iat: now, exp: now + 600 })}.${s}`;
    expect((await api.call('GET', '/auth/me', { token: forged })).status).toBe(401);
    const badSig = `${token.slice(0, -4)}AAAA`;
    expect((await api.call('GET', '/auth/me', { token: badSig })).status).toBe(401);
  });

  it('a token signed with another secret or another HMAC algorithm is 401', async () => {
    const api = await createTestApi();
    const user = await createUser(api.deps);
    const other = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-000000'));
    expect((await api.call('GET', '/auth/me', { token: other })).status).toBe(401);
    const hs512 = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject(String(user.id))
      .setExpirationTime('1h')
      .sign(api.deps.settings.jwtSecret);
    expect((await api.call('GET', '/auth/me', { token: hs512 })).status).toBe(401);
  });

  it('an expired token and a token without exp are 401', async () => {
    const api = await createTestApi();
    const user = await createUser(api.deps);
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(api.deps.settings.jwtSecret);
    expect((await api.call('GET', '/auth/me', { token: expired })).status).toBe(401);
    const noExp = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .sign(api.deps.settings.jwtSecret);
    expect((await api.call('GET', '/auth/me', { token: noExp })).status).toBe(401);
  });

  it('the token of an account disabled or deleted after sign-in is 410', async () => {
    const api = await createTestApi();
    const user = await createUser(api.deps);
    const token = await tokenFor(api.deps, user);
    expect((await api.call('GET', '/auth/me', { token })).status).toBe(200);
    await api.deps.db.update(users).set({ status: 'DISABLED' }).where(eq(users.id, user.id));
    expect((await api.call('GET', '/auth/me', { token })).status).toBe(410);
    await api.deps.db
      .update(users)
      .set({ status: 'ACTIVE', deletedAt: new Date() })
      .where(eq(users.id, user.id));
    expect((await api.call('GET', '/auth/me', { token })).status).toBe(410);
  });

  it('a bad token does not break public calls', async () => {
    const api = await createTestApi();
    const res = await api.call('GET', '/health', { token: 'not.a.token' });
    expect(res.status).toBe(200);
  });

  it('the same procedures answer on /api/trpc with the GONE code for 410', async () => {
    const api = await createTestApi();
    const user = await createUser(api.deps, { status: 'ACTIVE' });
    const token = await tokenFor(api.deps, user);
    await api.deps.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, user.id));
    const res = await api.app.request('/api/trpc/auth.me', { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { error: { data: { appCode: string; httpStatus: number } } };
    expect(body.error.data).toMatchObject({ appCode: 'GONE', httpStatus: 410 });
  });
});
