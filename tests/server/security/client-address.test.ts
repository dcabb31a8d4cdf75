import { afterEach, describe, expect, it } from 'vitest';
import { SIGN_IN_FAILS_PER_EMAIL_AND_IP } from '#server/security/limits.ts';
import { api, type RealServer, startRealServer } from './real-server.ts';

let server: RealServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

const ADMIN = { ADMIN_EMAIL: 'dia-chi@example.com', ADMIN_PASSWORD: 'dia-chi-mat-khau-2026' };
const guess = (i: number, forwardedFor: string) =>
  api(server!.url, 'POST', '/auth/login', {
    body: { email: ADMIN.ADMIN_EMAIL, password: `doan-sai-${i}` },
    headers: { 'x-forwarded-for': forwardedFor },
  });

describe('[GUEST][REST][auth] the client address on the real server', () => {
  it('without TRUST_PROXY the socket address counts: a spoofed X-Forwarded-For changes nothing', async () => {
    server = await startRealServer(ADMIN);
    for (let i = 0; i < SIGN_IN_FAILS_PER_EMAIL_AND_IP; i++)
      expect((await guess(i, `10.1.2.${i}`)).status).toBe(401);
    const blocked = await guess(99, '10.99.99.99');
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The log line is written after the answer, by another stream: wait for it rather than race it.
    const failuresLogged = () => server!.lines.filter((l) => l.includes('"event":"auth.login_failed"'));
    await expect.poll(() => failuresLogged().length, { timeout: 5_000 }).toBe(SIGN_IN_FAILS_PER_EMAIL_AND_IP);
    const failures = failuresLogged();
    for (const line of failures) expect(JSON.parse(line).ip).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it('with TRUST_PROXY=1 the last X-Forwarded-For hop (the one the proxy added) is the address', async () => {
    server = await startRealServer({ ...ADMIN, TRUST_PROXY: '1' });
    // The client forges a first hop; our proxy appends the real one last.
    for (let i = 0; i < SIGN_IN_FAILS_PER_EMAIL_AND_IP; i++) {
      expect((await guess(i, `1.1.1.${i}, 198.51.100.20`)).status).toBe(401);
    }
    expect((await guess(99, '1.1.1.200, 198.51.100.20')).status).toBe(429);
    expect((await guess(100, '198.51.100.20, 198.51.100.21')).status).toBe(401);
  });
});
