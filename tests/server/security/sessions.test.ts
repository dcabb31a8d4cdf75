import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSettings, SettingsError } from '#server/env.ts';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { api, newestMail, type RealServer, startRealServer } from './real-server.ts';

const SECRET = 'sessions-secret-sessions-secret-sessions-0123';
const ADMIN = { email: 'quan-tri@example.com', password: 'quan-tri-mat-khau-dai-2026' };
const TTL_SECONDS = 2 * 3600;
let server: RealServer;
let adminToken: string;
let seq = 0;

const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
const now = () => Math.floor(Date.now() / 1000);

async function signIn(email: string, password: string): Promise<string> {
  const res = await api(server.url, 'POST', '/auth/login', { body: { email, password } });
  expect(res.status).toBe(200);
  return res.body.data.session.accessToken;
}

/** An ACTIVE USER made by the SUPER_ADMIN, signed in: its id, password and token. */
async function signedInUser() {
  const email = `phien-${++seq}@example.com`;
  const password = `mat-khau-phien-${seq}-dai`;
  const made = await api(server.url, 'POST', '/users', {
    token: adminToken,
    body: { name: `Phiên ${seq}`, email, password, role: 'USER', status: 'ACTIVE' },
  });
  expect(made.status).toBe(201);
  const id: number = made.body.data.id ?? made.body.data.user?.id;
  return { id, email, password, token: await signIn(email, password) };
}

async function resetTokenFromOutbox(email: string): Promise<string> {
  const token = (await newestMail(server.dataDir, email, /new-password/)).match(
    /\/auth\/new-password\/([\w-]+)/,
  )?.[1];
  if (!token) throw new Error('no reset link in the mail');
  return token;
}

const me = (token: string) => api(server.url, 'GET', '/auth/me', { token });

beforeAll(async () => {
  server = await startRealServer({
    JWT_SECRET: SECRET,
    JWT_TTL: '2h',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
  });
  adminToken = await signIn(ADMIN.email, ADMIN.password);
}, 30_000);
afterAll(() => server?.stop());

describe('[USER][REST][auth] forged and expired tokens on the real server', () => {
  it('a token signed with alg none, HS512, another secret, or with a changed payload is 401', async () => {
    const user = await signedInUser();
    const [header, payload, signature] = user.token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const secret = new TextEncoder().encode(SECRET);
    const forged = [
      `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`,
      await new SignJWT(claims).setProtectedHeader({ alg: 'HS512' }).sign(secret),
      await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .sign(new TextEncoder().encode('another-secret-another-secret-another-0123')),
      `${header}.${b64({ ...claims, sub: '1' })}.${signature}`,
      // Two other characters at the end (a signature may already end in AA: that was no change at all).
      `${header}.${payload}.${signature!.slice(0, -2)}${signature!.endsWith('AA') ? 'QQ' : 'AA'}`,
      'not-a-token',
    ];
    for (const token of forged) {
      const res = await me(token);
      expect(res.status, token).toBe(401);
      expect(res.body.message).toBe(messages.errors.invalidToken);
    }
    expect((await me(user.token)).status).toBe(200);
  });

  it('an expired token and a token without exp are 401, even with the right secret', async () => {
    const user = await signedInUser();
    const secret = new TextEncoder().encode(SECRET);
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuedAt(now() - 7200)
      .setExpirationTime(now() - 60)
      .sign(secret);
    const noExp = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .sign(secret);
    for (const token of [expired, noExp]) expect((await me(token)).status).toBe(401);
  });

  it('every token has a bounded lifetime: exp is JWT_TTL after iat, and JWT_TTL over 30 days is refused', async () => {
    const user = await signedInUser();
    const claims = JSON.parse(Buffer.from(user.token.split('.')[1]!, 'base64url').toString());
    expect(claims.exp - claims.iat).toBe(TTL_SECONDS);
    expect(JSON.parse(Buffer.from(user.token.split('.')[0]!, 'base64url').toString()).alg).toBe('HS256');
    expect(() => loadSettings({ DATA_DIR: server.dataDir, JWT_TTL: '31d' })).toThrow(SettingsError);
  });
});

describe('[USER][REST][auth] revoked sessions on the real server', () => {
  it('changing the password ends the other sessions; the new session works', async () => {
    const user = await signedInUser();
    const otherDevice = await signIn(user.email, user.password);
    const res = await api(server.url, 'POST', '/auth/change-password', {
      token: user.token,
      body: { oldPassword: user.password, newPassword: 'mat-khau-moi-hoan-toan-2026' },
    });
    expect(res.status).toBe(200);
    for (const old of [user.token, otherDevice]) {
      const answer = await me(old);
      expect(answer.status).toBe(401);
      expect(answer.body.message).toBe(messages.errors.invalidToken);
    }
    expect((await me(res.body.data.session.accessToken)).status).toBe(200);
  });

  it('a password reset through the mailed link ends every session', async () => {
    const user = await signedInUser();
    expect(
      (await api(server.url, 'POST', '/auth/forgot-password', { body: { email: user.email } })).status,
    ).toBe(200);
    const token = await resetTokenFromOutbox(user.email);
    const reset = await api(server.url, 'POST', '/auth/reset-password', {
      body: { token, password: 'mat-khau-tu-lien-ket-2026' },
    });
    expect(reset.status).toBe(200);
    const answer = await me(user.token);
    expect(answer.status).toBe(401);
    expect(answer.body.message).toBe(messages.errors.invalidToken);
    expect((await me(await signIn(user.email, 'mat-khau-tu-lien-ket-2026'))).status).toBe(200);
  });

  it('an administrator setting a new password ends every session', async () => {
    const user = await signedInUser();
    const res = await api(server.url, 'PATCH', `/users/${user.id}`, {
      token: adminToken,
      body: { password: 'mat-khau-dat-lai-2026' },
    });
    expect(res.status).toBe(200);
    expect((await me(user.token)).status).toBe(401);
  });

  it('disabling the account answers 410 to its tokens, and re-enabling does not revive them', async () => {
    const user = await signedInUser();
    const off = await api(server.url, 'PATCH', `/users/${user.id}`, {
      token: adminToken,
      body: { status: 'DISABLED' },
    });
    expect(off.status).toBe(200);
    const gone = await me(user.token);
    expect(gone.status).toBe(410);
    expect(gone.body.message).toBe(messages.errors.accountGone);
    await api(server.url, 'PATCH', `/users/${user.id}`, { token: adminToken, body: { status: 'ACTIVE' } });
    expect((await me(user.token)).status).toBe(401);
    expect((await me(await signIn(user.email, user.password))).status).toBe(200);
  });

  it('deleting the account answers 410 to its tokens, and restoring it does not revive them', async () => {
    const user = await signedInUser();
    expect((await api(server.url, 'DELETE', `/users/${user.id}`, { token: adminToken })).status).toBe(200);
    expect((await me(user.token)).status).toBe(410);
    expect((await api(server.url, 'PUT', `/users/${user.id}/restore`, { token: adminToken })).status).toBe(
      200,
    );
    expect((await me(user.token)).status).toBe(401);
  });

  it('a permanently deleted account answers 410', async () => {
    const user = await signedInUser();
    expect((await api(server.url, 'DELETE', `/users/${user.id}`, { token: adminToken })).status).toBe(200);
    expect(
      (await api(server.url, 'DELETE', `/users/${user.id}/permanently`, { token: adminToken })).status,
    ).toBe(200);
    expect((await me(user.token)).status).toBe(410);
  });
});
