import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type Json, newestMail, type RealServer, startRealServer } from './real-server.ts';

const EMAIL = 'Nhat.Ky@Example.com';
const PASSWORD = 'mat-khau-dang-ky-bi-mat-1';
const WRONG = 'mat-khau-sai-bi-mat-2';
const RESET_TO = 'mat-khau-dat-lai-bi-mat-3';
const CHANGED_TO = 'mat-khau-doi-moi-bi-mat-4';
let server: RealServer;
/** Every secret the flow handled: none may appear in any log line. */
const secrets: string[] = [PASSWORD, WRONG, RESET_TO, CHANGED_TO];
let records: Record<string, Json>[] = [];

/** A secret as a whole word: a 6-digit code must not match inside a timestamp. */
const contains = (text: string, secret: string) =>
  new RegExp(`(?<![\\w-])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`).test(text);

beforeAll(async () => {
  server = await startRealServer({ LOG_LEVEL: 'trace', PUBLIC_URL: 'http://127.0.0.1:9' });
  const url = server.url;
  expect(
    (
      await api(url, 'POST', '/auth/register', {
        body: { name: 'Nhật Ký', email: EMAIL, password: PASSWORD, isBusiness: false },
      })
    ).status,
  ).toBe(201);
  const code = (await newestMail(server.dataDir, EMAIL.toLowerCase(), /(?<!\d)\d{6}(?!\d)/)).match(
    /(?<!\d)(\d{6})(?!\d)/,
  )![1]!;
  secrets.push(code);
  const wrongCode = code === '000000' ? '111111' : '000000';
  secrets.push(wrongCode);
  expect(
    (await api(url, 'POST', '/auth/verify-email', { body: { email: EMAIL, code: wrongCode } })).status,
  ).toBe(400);
  const verified = await api(url, 'POST', '/auth/verify-email', { body: { email: EMAIL, code } });
  expect(verified.status).toBe(200);
  secrets.push(verified.body.data.session.accessToken);

  expect((await api(url, 'POST', '/auth/login', { body: { email: EMAIL, password: WRONG } })).status).toBe(
    401,
  );
  const login = await api(url, 'POST', '/auth/login', { body: { email: EMAIL, password: PASSWORD } });
  expect(login.status).toBe(200);
  const token = login.body.data.session.accessToken;
  secrets.push(token);
  expect((await api(url, 'GET', '/auth/me', { token })).status).toBe(200);
  // A refused authorization: a USER asking for the user list.
  expect((await api(url, 'GET', '/users', { token })).status).toBe(403);

  expect((await api(url, 'POST', '/auth/forgot-password', { body: { email: EMAIL } })).status).toBe(200);
  const resetToken = (await newestMail(server.dataDir, EMAIL.toLowerCase(), /new-password/)).match(
    /\/auth\/new-password\/([\w-]+)/,
  )![1]!;
  secrets.push(resetToken);
  // The page the link opens, with the token in the path, and a tRPC call with input in the query string.
  await fetch(`${url}/auth/new-password/${resetToken}`);
  await fetch(
    `${url}/api/trpc/auth.verifyResetPassword?input=${encodeURIComponent(JSON.stringify({ token: resetToken }))}`,
  );
  expect(
    (await api(url, 'POST', '/auth/verify-reset-password', { body: { token: resetToken } })).status,
  ).toBe(200);
  expect(
    (await api(url, 'POST', '/auth/reset-password', { body: { token: resetToken, password: RESET_TO } }))
      .status,
  ).toBe(200);
  const again = await api(url, 'POST', '/auth/login', { body: { email: EMAIL, password: RESET_TO } });
  secrets.push(again.body.data.session.accessToken);
  const changed = await api(url, 'POST', '/auth/change-password', {
    token: again.body.data.session.accessToken,
    body: { oldPassword: RESET_TO, newPassword: CHANGED_TO },
  });
  expect(changed.status).toBe(200);
  secrets.push(changed.body.data.session.accessToken);
  // A bad token sent to a protected path.
  expect((await api(url, 'GET', '/auth/me', { token: `${token}x` })).status).toBe(401);

  await server.stop();
  records = server.lines.map((l) => JSON.parse(l));
}, 45_000);
afterAll(() => server?.stop());

describe('[GUEST][logs] a full sign-up, sign-in and reset flow on the real server', () => {
  it('logs no password, token or code, anywhere (stdout or stderr)', () => {
    const all = `${server.lines.join('\n')}\n${server.stderr()}`;
    expect(server.lines.length).toBeGreaterThan(20);
    for (const secret of secrets)
      expect(contains(all, secret), `leaked: ${secret.slice(0, 12)}…`).toBe(false);
    expect(all).not.toMatch(/scrypt\$/);
  });

  it('every line is JSON, and each request has one access line: method, path without query, status, ms, request id', () => {
    const access = records.filter((r) => r.event === 'http.request');
    expect(access.length).toBeGreaterThanOrEqual(15);
    for (const r of access) {
      expect(r).toMatchObject({
        level: 30,
        method: expect.any(String),
        status: expect.any(Number),
        ms: expect.any(Number),
      });
      expect(r.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(r.path).not.toContain('?');
    }
    expect(new Set(access.map((r) => r.requestId)).size).toBe(access.length);
    expect(access.map((r) => r.path)).toContain('/auth/new-password/[redacted]');
    expect(access).toContainEqual(expect.objectContaining({ path: '/api/users', status: 403 }));
  });

  it('sign-ins and failed sign-ins are recorded with the e-mail masked; refused authorizations too', () => {
    const ok = records.filter((r) => r.event === 'auth.login');
    const failed = records.filter((r) => r.event === 'auth.login_failed');
    expect(ok.length).toBe(2);
    expect(failed.length).toBe(1);
    for (const r of [...ok, ...failed]) {
      expect(r.email).toBe('n***@example.com');
      expect(r.requestId).toMatch(/^[0-9a-f-]{36}$/);
      expect(JSON.stringify(r)).not.toMatch(/nhat\.ky/i);
    }
    expect(ok[0]!.userId).toBeTypeOf('number');
    const refused = records.find((r) => r.event === 'authz.refused');
    expect(refused).toMatchObject({ action: 'manage', subject: 'User', userId: ok[0]!.userId });
    // The same request id ties the refusal to its access line.
    expect(records).toContainEqual(
      expect.objectContaining({
        event: 'http.request',
        requestId: refused!.requestId,
        path: '/api/users',
        status: 403,
      }),
    );
  });
});
