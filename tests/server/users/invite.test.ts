import { describe, expect, it } from 'vitest';
import { passwordResetTokens } from '#server/db/schema/index.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { createWorld } from './world.ts';

const NEW_PASSWORD = 'mat-khau-cua-toi-rat-dai-9';
const tokenOf = (text: string) => /\/auth\/new-password\/([A-Za-z0-9_-]+)/.exec(text)?.[1] ?? null;

async function invited() {
  const api = await createTestApi();
  const world = await createWorld(api.deps);
  const res = await api.call('POST', '/users', {
    token: world.tokens.COMPANY_ADMIN,
    body: { name: 'Lê Thị Mời', email: 'moi@example.com', role: 'EMPLOYEE' },
  });
  return { api, world, res };
}

describe('[REST][users] staff invitation', () => {
  it('[COMPANY_ADMIN][REST][users]: a user created without a password is invited by mail and listed as invited', async () => {
    const { api, world, res } = await invited();
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data).toMatchObject({ status: 'PENDING', invited: true, companyId: world.companyA.id });
    const mails = api.deps.mailer.sent.filter((m) => m.to === 'moi@example.com');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Mời bạn tham gia Truy xuất nguồn gốc');
    expect(mails[0]!.text).toContain('Xin chào Lê Thị Mời');
    expect(mails[0]!.text).toContain('của Công ty A');
    expect(mails[0]!.text).toContain('http://localhost:3000/auth/new-password/');
    expect(mails[0]!.text).toContain('7 ngày');
    const list = await api.call('GET', '/users?status=PENDING', { token: world.tokens.COMPANY_ADMIN });
    expect(list.body.data.users.find((u: { email: string }) => u.email === 'moi@example.com')).toMatchObject({
      invited: true,
    });
    // Nobody knows a password for the account until the person sets one.
    const login = await api.call('POST', '/auth/login', {
      body: { email: 'moi@example.com', password: NEW_PASSWORD },
    });
    expect(login.status).toBe(401);
  });

  it('[EMPLOYEE][REST][users]: the link sets the password once, activates the account and signs in works', async () => {
    const { api } = await invited();
    const token = tokenOf(api.deps.mailer.sent.at(-1)!.text)!;
    expect((await api.call('POST', '/auth/verify-reset-password', { body: { token } })).status).toBe(200);
    // Two tabs submitting the same link together: one sets the password, the other is told the link is spent.
    const [a, b] = await Promise.all([
      api.call('POST', '/auth/reset-password', { body: { token, password: NEW_PASSWORD } }),
      api.call('POST', '/auth/reset-password', { body: { token, password: `${NEW_PASSWORD}-2` } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    const spent = [a, b].find((r) => r.status === 400)!;
    expect(spent.body.message).toBe('Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn');
    const password = a.status === 200 ? NEW_PASSWORD : `${NEW_PASSWORD}-2`;
    const login = await api.call('POST', '/auth/login', { body: { email: 'moi@example.com', password } });
    expect(login.status).toBe(200);
    expect(login.body.data.user).toMatchObject({ status: 'ACTIVE', invited: false });
  });

  it('[COMPANY_ADMIN][REST][users]: an invited account cannot be made ACTIVE without its password', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const res = await api.call('POST', '/users', {
      token: world.tokens.COMPANY_ADMIN,
      body: { name: 'Lê Thị Mời', email: 'moi@example.com', role: 'EMPLOYEE', status: 'ACTIVE' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors!.status).toBe('Tài khoản được mời sẽ chờ người dùng tự đặt mật khẩu qua email');
    expect(api.deps.mailer.sent).toHaveLength(0);
  });

  it('[COMPANY_ADMIN][REST][users]: when the mail cannot be sent, no account is left behind and the admin is told', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    api.deps.mailer.send = async () => {
      throw new Error('smtp down');
    };
    const res = await api.call('POST', '/users', {
      token: world.tokens.COMPANY_ADMIN,
      body: { name: 'Lê Thị Mời', email: 'moi@example.com', role: 'EMPLOYEE' },
    });
    expect(res.status).toBe(500);
    expect(res.body.message).toBe('Không gửi được email mời, tài khoản chưa được tạo. Vui lòng thử lại sau.');
    const list = await api.call('GET', '/users?searchName=moi', { token: world.tokens.COMPANY_ADMIN });
    expect(list.body.data.users).toHaveLength(0);
  });

  it('[EMPLOYEE][REST][users]: the link welcomes the person to their company by name, and setting the password signs them in', async () => {
    const { api } = await invited();
    const token = tokenOf(api.deps.mailer.sent.at(-1)!.text)!;
    const check = await api.call('POST', '/auth/verify-reset-password', { body: { token } });
    expect(check.status).toBe(200);
    expect(check.body.data).toEqual({
      valid: true,
      invitation: { companyName: 'Công ty A', email: 'moi@example.com' },
    });
    const set = await api.call('POST', '/auth/reset-password', { body: { token, password: NEW_PASSWORD } });
    expect(set.status).toBe(200);
    expect(set.body.data.user).toMatchObject({ email: 'moi@example.com', status: 'ACTIVE', invited: false });
    // The session works at once: the person lands in the workspace, no second sign-in.
    const me = await api.call('GET', '/auth/me', { token: set.body.data.session.accessToken });
    expect(me.status, me.text).toBe(200);
    expect(me.body.data).toMatchObject({ email: 'moi@example.com', role: 'EMPLOYEE' });
  });

  it('[GUEST][REST][users]: a wrong, spent or expired invitation link reveals nothing: the same 400 as a reset', async () => {
    const { api } = await invited();
    const token = tokenOf(api.deps.mailer.sent.at(-1)!.text)!;
    const wrong = await api.call('POST', '/auth/verify-reset-password', {
      body: { token: `${token.slice(0, -2)}xx` },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Liên kết đặt lại mật khẩu không hợp lệ hoặc đã hết hạn');
    expect(JSON.stringify(wrong.body)).not.toMatch(/Công ty A|moi@example/);
    await api.call('POST', '/auth/reset-password', { body: { token, password: NEW_PASSWORD } });
    const spent = await api.call('POST', '/auth/verify-reset-password', { body: { token } });
    expect(spent.status).toBe(400);
    expect(spent.body).toEqual(wrong.body);
  });

  it('[EMPLOYEE][REST][users]: a reset of a forgotten password keeps its own answer: no welcome, no session', async () => {
    const { api } = await invited();
    const invitation = tokenOf(api.deps.mailer.sent.at(-1)!.text)!;
    await api.call('POST', '/auth/reset-password', { body: { token: invitation, password: NEW_PASSWORD } });
    // A minute later (a second reset mail within 30 seconds is not sent).
    await api.deps.db.update(passwordResetTokens).set({ createdAt: new Date(Date.now() - 60_000) });
    await api.call('POST', '/auth/forgot-password', { body: { email: 'moi@example.com' } });
    const reset = tokenOf(api.deps.mailer.sent.at(-1)!.text)!;
    expect(reset).not.toBe(invitation);
    const check = await api.call('POST', '/auth/verify-reset-password', { body: { token: reset } });
    expect(check.body.data).toEqual({ valid: true, invitation: null });
    const set = await api.call('POST', '/auth/reset-password', {
      body: { token: reset, password: `${NEW_PASSWORD}-2` },
    });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({});
  });
});
