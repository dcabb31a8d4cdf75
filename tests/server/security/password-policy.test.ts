import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX, PASSWORD_MIN } from '#shared/constants.ts';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { tables } from '#tests/helpers/deps.ts';
import { createTestApi } from '#tests/helpers/http.ts';

const { users } = tables;

const register = (api: Awaited<ReturnType<typeof createTestApi>>, email: string, password: string) =>
  api.call('POST', '/auth/register', { body: { name: 'Mật Khẩu', email, password, isBusiness: false } });

describe('[GUEST][REST][auth] password policy', () => {
  it('fewer than 8 characters is 400 with the field named; exactly 8 is accepted', async () => {
    const api = await createTestApi();
    const short = await register(api, 'ngan@example.com', `${'x'.repeat(PASSWORD_MIN - 4)}k9!`);
    expect(short.status).toBe(400);
    expect(short.body.errors).toHaveProperty('password');
    expect((await register(api, 'du@example.com', 'k9!xq7#w')).status).toBe(201);
  });

  it('the most common passwords are refused, whatever their case', async () => {
    const api = await createTestApi();
    for (const [i, password] of ['password', '12345678', 'Password1', 'QWERTYUIOP'].entries()) {
      const res = await register(api, `pho-bien-${i}@example.com`, password);
      expect(res.status, password).toBe(400);
      expect(res.body.message).toBe(messages.errors.weakPassword);
    }
  });

  it('a 256-character passphrase is kept whole: the same text cut short does not sign in', async () => {
    const api = await createTestApi();
    const long = Array.from(
      { length: PASSWORD_MAX },
      (_, i) => 'abcdefghijklmnopqrstuvwxyzđăâêôơư'[i % 33],
    ).join('');
    expect([...long]).toHaveLength(PASSWORD_MAX);
    await register(api, 'dai@example.com', long);
    await api.deps.db.update(users).set({ status: 'ACTIVE' });
    const ok = await api.call('POST', '/auth/login', { body: { email: 'dai@example.com', password: long } });
    expect(ok.status).toBe(200);
    for (const cut of [72, 128, PASSWORD_MAX - 1]) {
      const res = await api.call('POST', '/auth/login', {
        body: { email: 'dai@example.com', password: long.slice(0, cut) },
      });
      expect(res.status, `cut at ${cut}`).toBe(401);
    }
  });

  it('over 256 characters is 400 (a hash call must not become a way to burn CPU)', async () => {
    const api = await createTestApi();
    const res = await register(api, 'qua-dai@example.com', 'k'.repeat(PASSWORD_MAX + 1));
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('password');
  });
});
