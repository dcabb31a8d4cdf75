import { describe, expect, it } from 'vitest';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { tables } from '#tests/helpers/deps.ts';
import { createUser, TEST_PASSWORD, tokenFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';

const { passwordResetTokens } = tables;

const tokenFrom = (text: string) => text.match(/\/auth\/new-password\/([\w-]+)/)?.[1] ?? '';

describe('[REST][auth] forgot and reset password', () => {
  it('mails a single-use link that sets a new password and ends older sessions', async () => {
    const api = await createTestApi();
    const user = await createUser(api.deps);
    const oldToken = await tokenFor(api.deps, user);

    const forgot = await api.call('POST', '/auth/forgot-password', { body: { email: user.email } });
    expect(forgot.status).toBe(200);
    const mail = api.deps.mailer.sent.at(-1)!;
    expect(mail.to).toBe(user.email);
    expect(mail.text).toContain('http://localhost:3000/auth/new-password/');
    const token = tokenFrom(mail.text);
    expect(token.length).toBeGreaterThan(30);
    expect((await api.deps.db.select().from(passwordResetTokens).limit(1))[0]!.tokenHash).not.toBe(token);

    expect((await api.call('POST', '/auth/verify-reset-password', { body: { token } })).status).toBe(200);
    const reset = await api.call('POST', '/auth/reset-password', {
      body: { token, password: 'mat-khau-moi-2026' },
    });
    expect(reset.status).toBe(200);

    // Used twice: refused.
    const again = await api.call('POST', '/auth/reset-password', {
      body: { token, password: 'mat-khau-khac-2026' },
    });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(messages.errors.invalidResetToken);
    expect((await api.call('POST', '/auth/verify-reset-password', { body: { token } })).status).toBe(400);

    expect((await api.call('GET', '/auth/me', { token: oldToken })).status).toBe(401);
    const oldLogin = await api.call('POST', '/auth/login', {
      body: { email: user.email, password: TEST_PASSWORD },
    });
    expect(oldLogin.status).toBe(401);
    const login = await api.call('POST', '/auth/login', {
      body: { email: user.email, password: 'mat-khau-moi-2026' },
    });
    expect(login.status).toBe(200);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const api = await createTestApi();
    const res = await api.call('POST', '/auth/forgot-password', { body: { email: 'khong-co@example.com' } });
    expect(res.status).toBe(200);
    expect(api.deps.mailer.sent).toHaveLength(0);
  });

  it('an expired link is refused', async () => {
    const api = await createTestApi();
    const user = await createUser(api.deps);
    await api.call('POST', '/auth/forgot-password', { body: { email: user.email } });
    const token = tokenFrom(api.deps.mailer.sent.at(-1)!.text);
    await api.deps.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1) });
    const res = await api.call('POST', '/auth/reset-password', {
      body: { token, password: 'mat-khau-moi-2026' },
    });
    expect(res.status).toBe(400);
  });

  it('a reset activates a PENDING account (the link proves the address)', async () => {
    const api = await createTestApi();
    const user = await createUser(api.deps, { status: 'PENDING' });
    await api.call('POST', '/auth/forgot-password', { body: { email: user.email } });
    const token = tokenFrom(api.deps.mailer.sent.at(-1)!.text);
    await api.call('POST', '/auth/reset-password', { body: { token, password: 'mat-khau-moi-2026' } });
    const login = await api.call('POST', '/auth/login', {
      body: { email: user.email, password: 'mat-khau-moi-2026' },
    });
    expect(login.status).toBe(200);
  });
});

describe('[REST][auth] old password and change password', () => {
  it('verify-old-password is 200 for the right one and 401 for a wrong one', async () => {
    const api = await createTestApi();
    const user = await createUser(api.deps);
    const token = await tokenFor(api.deps, user);
    expect(
      (await api.call('POST', '/auth/verify-old-password', { token, body: { password: TEST_PASSWORD } }))
        .status,
    ).toBe(200);
    const wrong = await api.call('POST', '/auth/verify-old-password', {
      token,
      body: { password: 'sai-mat-khau' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe(messages.errors.wrongOldPassword);
  });

  it('change-password needs the old one, ends other sessions and returns a fresh session', async () => {
    const api = await createTestApi();
    const user = await createUser(api.deps);
    const token = await tokenFor(api.deps, user);
    const wrong = await api.call('POST', '/auth/change-password', {
      token,
      body: { oldPassword: 'sai-mat-khau', newPassword: 'mat-khau-moi-2026' },
    });
    expect(wrong.status).toBe(401);
    const ok = await api.call('POST', '/auth/change-password', {
      token,
      body: { oldPassword: TEST_PASSWORD, newPassword: 'mat-khau-moi-2026' },
    });
    expect(ok.status).toBe(200);
    expect((await api.call('GET', '/auth/me', { token })).status).toBe(401);
    expect((await api.call('GET', '/auth/me', { token: ok.body.data.session.accessToken })).status).toBe(200);
  });

  it('long passwords are kept whole, not truncated', async () => {
    const api = await createTestApi();
    const long = `${'a-very-long-passphrase-'.repeat(8)}end`;
    const user = await createUser(api.deps, { password: long });
    const cut = long.slice(0, 72);
    expect(
      (await api.call('POST', '/auth/login', { body: { email: user.email, password: cut } })).status,
    ).toBe(401);
    expect(
      (await api.call('POST', '/auth/login', { body: { email: user.email, password: long } })).status,
    ).toBe(200);
  });
});

describe('[REST][auth] profile and company', () => {
  it('PATCH /auth/me changes name, phone and username; a taken username is 409', async () => {
    const api = await createTestApi();
    const a = await createUser(api.deps);
    const b = await createUser(api.deps, { username: 'da-co' });
    const token = await tokenFor(api.deps, a);
    const res = await api.call('PATCH', '/auth/me', {
      token,
      body: { name: 'Trần Văn Bình', phoneNumber: '0912 345 678', username: 'binh.tran' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: 'Trần Văn Bình',
      phoneNumber: '0912 345 678',
      username: 'binh.tran',
    });
    const taken = await api.call('PATCH', '/auth/me', { token, body: { username: b.username } });
    expect(taken.status).toBe(409);
    const role = await api.call('PATCH', '/auth/me', { token, body: { role: 'SUPER_ADMIN' } });
    expect(role.status).toBe(400);
    const avatar = await api.call('PATCH', '/auth/me', { token, body: { avatar: 'javascript:alert(1)' } });
    expect(avatar.status).toBe(400);
  });

  it('PATCH /auth/company: the COMPANY_ADMIN edits its own company; others are 403', async () => {
    const api = await createTestApi();
    const admin = await createUser(api.deps, { role: 'COMPANY_ADMIN' });
    const ok = await api.call('PATCH', '/auth/company', {
      token: await tokenFor(api.deps, admin),
      body: { name: 'Tên mới', address: 'Huế' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ id: admin.companyId, name: 'Tên mới', address: 'Huế' });
    for (const role of ['EMPLOYEE', 'USER', 'MODERATOR'] as const) {
      const u = await createUser(api.deps, { role, companyId: role === 'EMPLOYEE' ? admin.companyId : null });
      const res = await api.call('PATCH', '/auth/company', {
        token: await tokenFor(api.deps, u),
        body: { name: 'X' },
      });
      expect(res.status, role).toBe(403);
    }
    expect((await api.call('PATCH', '/auth/company', { body: { name: 'X' } })).status).toBe(401);
  });
});
