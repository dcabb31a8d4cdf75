import { describe, expect, it } from 'vitest';
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
});
