import { describe, expect, it } from 'vitest';
import {
  RESET_REQUESTS_PER_MINUTE,
  SIGN_IN_FAILS_PER_EMAIL,
  SIGN_IN_FAILS_PER_EMAIL_AND_IP,
  SIGN_IN_FAILS_PER_IP,
  VERIFY_FAILS_PER_IP,
} from '#server/security/limits.ts';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { createUser, TEST_PASSWORD, tokenFor } from '#tests/helpers/factories.ts';
import { type ApiAnswer, createTestApi, type TestApi } from '#tests/helpers/http.ts';

/** TRUST_PROXY=1 so that a test can speak from several addresses (the proxy's X-Forwarded-For hop). */
const proxied = () => createTestApi({ TRUST_PROXY: '1' });
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const login = (api: TestApi, email: string, password: string, ip = '203.0.113.7') =>
  api.call('POST', '/auth/login', { body: { email, password }, headers: from(ip) });

function expect429(res: ApiAnswer, message: string = messages.errors.tooManyRequests) {
  expect(res.status).toBe(429);
  expect(res.body).toEqual({ statusCode: 429, message });
  const wait = Number(res.headers.get('retry-after'));
  // Never more than the 15-minute window: no one can lock an account for long.
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(15 * 60);
}

describe('[GUEST][REST][auth] sign-in brute force', () => {
  it('after 10 wrong passwords from one address the next try is 429 with Retry-After, even with the right password', async () => {
    const api = await proxied();
    const user = await createUser(api.deps);
    for (let i = 0; i < SIGN_IN_FAILS_PER_EMAIL_AND_IP; i++) {
      const res = await login(api, user.email, `sai-mat-khau-${i}`);
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(messages.errors.wrongCredentials);
    }
    expect429(await login(api, user.email, 'sai-mat-khau-x'));
    expect429(await login(api, user.email, TEST_PASSWORD));
  });

  it('the owner signing in from another address is not locked out by a guesser', async () => {
    const api = await proxied();
    const user = await createUser(api.deps);
    for (let i = 0; i < SIGN_IN_FAILS_PER_EMAIL_AND_IP; i++)
      await login(api, user.email, `doan-${i}`, '198.51.100.66');
    expect429(await login(api, user.email, TEST_PASSWORD, '198.51.100.66'));
    const owner = await login(api, user.email, TEST_PASSWORD, '192.0.2.10');
    expect(owner.status).toBe(200);
    expect(owner.body.data.session.accessToken).toBeTypeOf('string');
  });

  it('a successful sign-in resets the account counter', async () => {
    const api = await proxied();
    const user = await createUser(api.deps);
    for (let i = 0; i < SIGN_IN_FAILS_PER_EMAIL_AND_IP - 1; i++) await login(api, user.email, `quen-${i}`);
    expect((await login(api, user.email, TEST_PASSWORD)).status).toBe(200);
    for (let i = 0; i < SIGN_IN_FAILS_PER_EMAIL_AND_IP - 1; i++) {
      expect((await login(api, user.email, `quen-lan-2-${i}`)).status).toBe(401);
    }
    expect((await login(api, user.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('one address spraying many accounts (known or not) is 429 after 30 failures; other addresses are unaffected', async () => {
    const api = await proxied();
    const user = await createUser(api.deps);
    for (let i = 0; i < SIGN_IN_FAILS_PER_IP; i++) {
      const res = await login(api, `nan-nhan-${i}@example.com`, 'password-doan-bua', '203.0.113.99');
      expect(res.status).toBe(401);
    }
    expect429(await login(api, user.email, TEST_PASSWORD, '203.0.113.99'));
    expect((await login(api, user.email, TEST_PASSWORD, '203.0.113.100')).status).toBe(200);
  });

  it('a distributed attack on one account slows to one try per address, never locks out the owner, and a reset forgets it', async () => {
    const api = await proxied();
    const user = await createUser(api.deps);
    const bot = (i: number) => `10.9.${i >> 8}.${i & 255}`;
    // 6 addresses x 9 failures spend the account-wide bucket without tripping any address's own.
    for (let i = 0; i < SIGN_IN_FAILS_PER_EMAIL; i++) {
      expect((await login(api, user.email, `bot-${i}`, bot(i % 6))).status).toBe(401);
    }
    // The addresses that failed are refused now, even with the right password (they learn nothing)...
    expect429(await login(api, user.email, TEST_PASSWORD, bot(0)));
    // ...a fresh address gets one try, and no second one...
    expect((await login(api, user.email, 'bot-moi', '10.9.9.9')).status).toBe(401);
    expect429(await login(api, user.email, 'bot-moi-2', '10.9.9.9'));
    // ...and the owner, from an address with no failures, signs in.
    expect((await login(api, user.email, TEST_PASSWORD, '192.0.2.55')).status).toBe(200);
  });

  it("a password reset forgets every address's failures on the account", async () => {
    const api = await proxied();
    const user = await createUser(api.deps);
    for (let i = 0; i < SIGN_IN_FAILS_PER_EMAIL_AND_IP; i++)
      await login(api, user.email, `quen-${i}`, '192.0.2.55');
    expect429(await login(api, user.email, TEST_PASSWORD, '192.0.2.55'));

    await api.call('POST', '/auth/forgot-password', {
      body: { email: user.email },
      headers: from('192.0.2.77'),
    });
    const token = api.deps.mailer.sent.at(-1)!.text.match(/\/auth\/new-password\/([\w-]+)/)![1]!;
    const reset = await api.call('POST', '/auth/reset-password', {
      body: { token, password: 'mat-khau-moi-sau-tan-cong' },
      headers: from('192.0.2.77'),
    });
    expect(reset.status).toBe(200);
    expect((await login(api, user.email, 'mat-khau-moi-sau-tan-cong', '192.0.2.55')).status).toBe(200);
  });

  it('without TRUST_PROXY a forged X-Forwarded-For does not give a fresh address', async () => {
    const api = await createTestApi();
    const user = await createUser(api.deps);
    for (let i = 0; i < SIGN_IN_FAILS_PER_EMAIL_AND_IP; i++) {
      expect((await login(api, user.email, `gia-mao-${i}`, `10.0.0.${i}`)).status).toBe(401);
    }
    expect429(await login(api, user.email, TEST_PASSWORD, '10.0.0.250'));
  });
});

describe('[GUEST][REST][auth] code and reset requests', () => {
  it('forgot-password: the third request in a minute is 429, alike for an unknown e-mail and a real account', async () => {
    const api = await proxied();
    const user = await createUser(api.deps);
    const seen: Record<string, unknown[]> = {};
    for (const email of [user.email, 'khong-ton-tai@example.com']) {
      seen[email] = [];
      for (let i = 0; i <= RESET_REQUESTS_PER_MINUTE; i++) {
        const res = await api.call('POST', '/auth/forgot-password', { body: { email } });
        seen[email]!.push({ status: res.status, body: res.body, wait: res.headers.has('retry-after') });
      }
      expect429(await api.call('POST', '/auth/forgot-password', { body: { email } }));
    }
    expect(seen[user.email]).toEqual(seen['khong-ton-tai@example.com']);
    expect(seen[user.email]!.map((s) => (s as { status: number }).status)).toEqual([200, 200, 429]);
    // One link for the real account, none for the unknown address.
    expect(api.deps.mailer.sent).toHaveLength(1);
  });

  it('resend-verify-code: a second request in a minute is 429, alike for an unknown e-mail and a real account', async () => {
    const api = await proxied();
    const user = await createUser(api.deps);
    const answers = [];
    for (const email of [user.email, 'chua-dang-ky@example.com']) {
      const first = await api.call('POST', '/auth/resend-verify-code', { body: { email } });
      const second = await api.call('POST', '/auth/resend-verify-code', { body: { email } });
      expect(first.status).toBe(200);
      expect429(second, messages.errors.resendTooSoon);
      answers.push([first.body, second.body]);
    }
    expect(answers[0]).toEqual(answers[1]);
  });

  it('verify-email: wrong codes from one address are 429 after 20, across e-mails', async () => {
    const api = await proxied();
    for (let i = 0; i < VERIFY_FAILS_PER_IP; i++) {
      const res = await api.call('POST', '/auth/verify-email', {
        body: { email: `doan-ma-${i}@example.com`, code: '123456' },
        headers: from('203.0.113.5'),
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(messages.errors.invalidCode);
    }
    const blocked = await api.call('POST', '/auth/verify-email', {
      body: { email: 'doan-ma-moi@example.com', code: '123456' },
      headers: from('203.0.113.5'),
    });
    expect429(blocked);
    const elsewhere = await api.call('POST', '/auth/verify-email', {
      body: { email: 'doan-ma-moi@example.com', code: '123456' },
      headers: from('203.0.113.6'),
    });
    expect(elsewhere.status).toBe(400);
  });
});

describe('[USER][REST][auth] old-password checks', () => {
  it('a stolen token cannot guess the password: verify-old-password is 429 after 10 wrong answers', async () => {
    const api = await createTestApi();
    const user = await createUser(api.deps);
    const token = await tokenFor(api.deps, user);
    for (let i = 0; i < 10; i++) {
      const res = await api.call('POST', '/auth/verify-old-password', {
        body: { password: `thu-${i}` },
        token,
      });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(messages.errors.wrongOldPassword);
    }
    expect429(
      await api.call('POST', '/auth/verify-old-password', { body: { password: TEST_PASSWORD }, token }),
    );
  });
});
