import { describe, expect, it } from 'vitest';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { tables } from '#tests/helpers/deps.ts';
import { createTestApi } from '#tests/helpers/http.ts';

const { emailVerificationCodes, users } = tables;

const business = {
  name: 'Nguyễn Thị Hoa',
  email: 'Hoa@Example.com',
  password: 'ca-phe-sua-da-2026',
  isBusiness: true,
  company: {
    name: 'HTX Cà phê Cầu Đất',
    representative: 'Nguyễn Thị Hoa',
    address: 'Đà Lạt, Lâm Đồng',
    email: 'htx@example.com',
    business_license: '5800123456',
  },
};

const codeFrom = (text: string) => text.match(/\b(\d{6})\b/)?.[1] ?? '';

describe('[GUEST][REST][auth] sign-up and verification', () => {
  it('a business signs up PENDING, receives a code, verifies and is an ACTIVE COMPANY_ADMIN with a company', async () => {
    const api = await createTestApi();
    const reg = await api.call('POST', '/auth/register', { body: business });
    expect(reg.status).toBe(201);
    expect(reg.body.statusCode).toBe(201);
    // The answer echoes the form only: it is the same whether or not the e-mail already had an account.
    expect(reg.body.data.user).toEqual({ name: business.name, email: 'hoa@example.com', status: 'PENDING' });
    expect(reg.text).not.toMatch(/password|scrypt\$/i);

    const pending = await api.call('POST', '/auth/login', {
      body: { email: business.email, password: business.password },
    });
    expect(pending.status).toBe(412);
    expect(pending.body.message).toBe(messages.errors.accountPending);

    expect(api.deps.mailer.sent).toHaveLength(1);
    const mail = api.deps.mailer.sent[0]!;
    expect(mail.to).toBe('hoa@example.com');
    const code = codeFrom(mail.text);
    expect(code).toMatch(/^\d{6}$/);
    // Stored only as a keyed hash.
    const stored = await api.deps.db.select().from(emailVerificationCodes);
    expect(stored[0]!.codeHash).not.toContain(code);

    const verified = await api.call('POST', '/auth/verify-email', { body: { email: business.email, code } });
    expect(verified.status).toBe(200);
    expect(verified.body.data.user).toMatchObject({ role: 'COMPANY_ADMIN', status: 'ACTIVE' });
    expect(verified.body.data.session.accessToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(verified.body.data.session.permissions).toContainEqual({ action: 'manage', subject: 'Manage' });

    const me = await api.call('GET', '/auth/me', { token: verified.body.data.session.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.data.company).toMatchObject({
      name: 'HTX Cà phê Cầu Đất',
      business_license: '5800123456',
    });
  });

  it('a non-business sign-up is a USER without a company', async () => {
    const api = await createTestApi();
    const reg = await api.call('POST', '/auth/register', {
      body: { name: 'Lan', email: 'lan@example.com', password: 'mot-mat-khau-dai', isBusiness: false },
    });
    expect(reg.status).toBe(201);
    const code = codeFrom(api.deps.mailer.sent[0]!.text);
    const verified = await api.call('POST', '/auth/verify-email', {
      body: { email: 'lan@example.com', code },
    });
    expect(verified.body.data.user).toMatchObject({ role: 'USER', companyId: null, status: 'ACTIVE' });
  });

  it('a business sign-up without company details is 400 with the field named', async () => {
    const api = await createTestApi();
    const { company: _c, ...noCompany } = business;
    const res = await api.call('POST', '/auth/register', { body: noCompany });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('company');
  });

  it('a taken e-mail, whatever its case, answers exactly like a new one; the owner is told by mail and nothing changes', async () => {
    const api = await createTestApi();
    const first = await api.call('POST', '/auth/register', { body: business });
    const again = await api.call('POST', '/auth/register', {
      body: { ...business, email: 'HOA@example.COM' },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await api.deps.db.select().from(users)).toHaveLength(1);
    expect(api.deps.mailer.sent.at(-1)).toMatchObject({
      to: 'hoa@example.com',
      subject: messages.mail.signUpAgainSubject,
    });
  });

  it('bad bodies are 400 with Vietnamese field errors; unknown fields are rejected, never stored', async () => {
    const api = await createTestApi();
    const bad = await api.call('POST', '/auth/register', {
      body: { name: '', email: 'not-an-email', password: 'short', isBusiness: false },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      name: messages.validation.required,
      email: messages.validation.email,
      password: messages.validation.passwordMin(8),
    });
    const extra = await api.call('POST', '/auth/register', {
      body: {
        name: 'X',
        email: 'x@example.com',
        password: 'mot-mat-khau-dai',
        isBusiness: false,
        role: 'SUPER_ADMIN',
      },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.errors).toHaveProperty('role');
  });

  it('a common password is refused', async () => {
    const api = await createTestApi();
    const res = await api.call('POST', '/auth/register', {
      body: { name: 'X', email: 'x@example.com', password: 'password123', isBusiness: false },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(messages.errors.weakPassword);
  });

  it('a wrong code is 400 and the code dies after five wrong tries', async () => {
    const api = await createTestApi();
    await api.call('POST', '/auth/register', { body: business });
    const code = codeFrom(api.deps.mailer.sent[0]!.text);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await api.call('POST', '/auth/verify-email', {
        body: { email: business.email, code: wrong },
      });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(messages.errors.invalidCode);
    }
    const right = await api.call('POST', '/auth/verify-email', { body: { email: business.email, code } });
    expect(right.status).toBe(400);
  });

  it('resend is throttled to one a minute and answers alike for unknown e-mails', async () => {
    const api = await createTestApi();
    await api.call('POST', '/auth/register', { body: business });
    // Right after the sign-up: the same answer as for an e-mail nobody used, and no second code leaves.
    const soon = await api.call('POST', '/auth/resend-verify-code', { body: { email: business.email } });
    const unknown = await api.call('POST', '/auth/resend-verify-code', {
      body: { email: 'nobody@example.com' },
    });
    expect(soon.status).toBe(200);
    expect(soon.body).toEqual(unknown.body);
    expect(api.deps.mailer.sent).toHaveLength(1);
    const again = await api.call('POST', '/auth/resend-verify-code', { body: { email: business.email } });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('an expired code is refused', async () => {
    const api = await createTestApi();
    await api.call('POST', '/auth/register', { body: business });
    const code = codeFrom(api.deps.mailer.sent[0]!.text);
    await api.deps.db.update(emailVerificationCodes).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await api.call('POST', '/auth/verify-email', { body: { email: business.email, code } });
    expect(res.status).toBe(400);
  });
});
