import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MAILS_PER_IP, SIGN_IN_FAILS_PER_EMAIL } from '#server/security/limits.ts';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import {
  api,
  businessAccount,
  type Json,
  newestMail,
  type RealServer,
  startRealServer,
} from './real-server.ts';
import { percentile } from './timing.ts';

/**
 * What an outsider can learn, and whom it can lock out, on the real server: account paths answer alike
 * for known and unknown e-mails, codes are case-insensitive, another company's objects look missing,
 * and failures from some addresses do not lock the owner out. TRUST_PROXY=1: each caller has its own address.
 */
let server: RealServer;
let lastIp = 0;
const freshIp = () => `192.0.2.${++lastIp}`;
const PASSWORD = 'mot-mat-khau-rat-dai-2026';
const from = (ip: string) => ({ 'x-forwarded-for': ip });

beforeAll(async () => {
  server = await startRealServer({ TRUST_PROXY: '1' });
}, 30_000);
afterAll(() => server?.stop());

/** A USER account signed up and verified from its own address. */
async function activeUser(email: string) {
  const ip = freshIp();
  const reg = await api(server.url, 'POST', '/auth/register', {
    body: { name: 'Người dùng', email, password: PASSWORD, isBusiness: false },
    headers: from(ip),
  });
  expect(reg.status).toBe(201);
  const code = (await newestMail(server.dataDir, email, /(?<!\d)\d{6}(?!\d)/)).match(
    /(?<!\d)(\d{6})(?!\d)/,
  )![1];
  const ok = await api(server.url, 'POST', '/auth/verify-email', {
    body: { email, code },
    headers: from(ip),
  });
  expect(ok.status).toBe(200);
  return ok.body.data.session.accessToken as string;
}

type Timed = Awaited<ReturnType<typeof timed>>;
async function timed(path: string, body: unknown) {
  const started = performance.now();
  const res = await api(server.url, 'POST', path, { body, headers: from(freshIp()) });
  return { status: res.status, body: res.body as Json, ms: performance.now() - started };
}

describe('account paths answer alike for known and unknown e-mails (real server)', () => {
  const known = Array.from({ length: 20 }, (_, i) => `co-that-${i}@example.com`);
  const unknown = Array.from({ length: 20 }, (_, i) => `khong-co-${i}@example.com`);
  beforeAll(async () => {
    for (const email of known) await activeUser(email);
  }, 60_000);

  it('forgot-password: the same answer, in the same time, for a real account and an unknown e-mail', async () => {
    const knownAnswers: Timed[] = [];
    const unknownAnswers: Timed[] = [];
    const settle = () => new Promise((r) => setTimeout(r, 60));
    // Interleaved, each first in turn, so the machine's load falls on both alike; a pause after each lets
    // the previous request's mail leave, so only the answer itself is timed.
    for (let i = 0; i < known.length; i++) {
      const pair = [
        async () => knownAnswers.push(await timed('/auth/forgot-password', { email: known[i] })),
        async () => unknownAnswers.push(await timed('/auth/forgot-password', { email: unknown[i] })),
      ];
      for (const ask of i % 2 ? pair.reverse() : pair) {
        await ask();
        await settle();
      }
    }
    const strip = (a: { status: number; body: Json }) => ({ status: a.status, body: a.body });
    expect(knownAnswers.map(strip)).toEqual(unknownAnswers.map(strip));
    // The lower quartile: the time of the work itself, without the shared machine's spikes.
    const k = percentile(
      knownAnswers.map((a) => a.ms),
      0.25,
    );
    const u = percentile(
      unknownAnswers.map((a) => a.ms),
      0.25,
    );
    console.log(`forgot-password lower quartile: known ${k.toFixed(1)} ms, unknown ${u.toFixed(1)} ms`);
    // The mail (the slow part, measurably longer when it was sent before answering) leaves after the answer.
    expect(Math.abs(k - u)).toBeLessThan(2);
    // ...and the real accounts did get their links.
    expect(await newestMail(server.dataDir, known[0]!, /new-password/)).toContain('/auth/new-password/');
  });

  it('verify-email: an active account, an unknown e-mail and a wrong code all answer the same 400', async () => {
    const answers = [];
    for (const email of [known[1]!, unknown[1]!]) {
      answers.push(
        await api(server.url, 'POST', '/auth/verify-email', {
          body: { email, code: '123456' },
          headers: from(freshIp()),
        }),
      );
    }
    for (const a of answers) {
      expect(a.status).toBe(400);
      expect(a.body).toEqual({ statusCode: 400, message: messages.errors.invalidCode });
    }
  });

  it('resend-verify-code: the same answer for an active account and an unknown e-mail', async () => {
    const answers = [];
    for (const email of [known[2]!, unknown[2]!]) {
      answers.push(await timed('/auth/resend-verify-code', { email }));
    }
    expect(answers[0]!.status).toBe(200);
    expect({ ...answers[0], ms: 0 }).toEqual({ ...answers[1], ms: 0 });
  });

  it('sign-up: a taken e-mail answers exactly like a new one; the owner is told by mail, nothing changes', async () => {
    const fresh = await timed('/auth/register', {
      name: 'Mới',
      email: 'moi-toanh@example.com',
      password: PASSWORD,
      isBusiness: false,
    });
    const taken = await timed('/auth/register', {
      name: 'Mới',
      email: known[3]!.toUpperCase(),
      password: PASSWORD,
      isBusiness: false,
    });
    expect(taken.status).toBe(201);
    expect(taken.body).toEqual({
      ...fresh.body,
      data: { user: { ...fresh.body.data.user, email: known[3] } },
    });
    const mail = await newestMail(server.dataDir, known[3]!, /forgot-password/);
    expect(mail).toContain('/auth/forgot-password');
    // The owner's password is untouched.
    const login = await api(server.url, 'POST', '/auth/login', {
      body: { email: known[3], password: PASSWORD },
      headers: from(freshIp()),
    });
    expect(login.status).toBe(200);
  });

  it('mail-sending account requests are limited per address: the 21st in 15 minutes is 429', async () => {
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: ACCOUNT_MAILS_PER_IP + 5 }, (_, i) =>
        api(server.url, 'POST', i % 2 ? '/auth/forgot-password' : '/auth/resend-verify-code', {
          body: { email: `rai-thu-${i}@example.com` },
          headers: from(ip),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(ACCOUNT_MAILS_PER_IP);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const other = await api(server.url, 'POST', '/auth/forgot-password', {
      body: { email: 'rai-thu-x@example.com' },
      headers: from(freshIp()),
    });
    expect(other.status).toBe(200);
  });
});

describe('a lockout an attacker cannot aim (real server)', () => {
  it('6 addresses x 9 failures: those addresses are refused, the owner signs in from a fresh address', async () => {
    const email = 'bi-tan-cong@example.com';
    await activeUser(email);
    const bots = Array.from({ length: 6 }, () => freshIp());
    for (let round = 0; round < 9; round++) {
      await Promise.all(
        bots.map((ip, b) =>
          api(server.url, 'POST', '/auth/login', {
            body: { email, password: `doan-${round}-${b}` },
            headers: from(ip),
          }),
        ),
      );
    }
    // 54 failures: past the account-wide 50, so it slows: each failed address is refused, even with the right password.
    expect(6 * 9).toBeGreaterThan(SIGN_IN_FAILS_PER_EMAIL);
    const bot = await api(server.url, 'POST', '/auth/login', {
      body: { email, password: PASSWORD },
      headers: from(bots[0]!),
    });
    expect(bot.status).toBe(429);
    const owner = await api(server.url, 'POST', '/auth/login', {
      body: { email, password: PASSWORD },
      headers: from(freshIp()),
    });
    expect(owner.status).toBe(200);
    expect(owner.body.data.session.accessToken).toBeTypeOf('string');
  });

  it('a successful reset unlocks the account, even at the address that failed 10 times', async () => {
    const email = 'quen-mat-khau@example.com';
    await activeUser(email);
    const home = freshIp();
    for (let i = 0; i < 10; i++) {
      await api(server.url, 'POST', '/auth/login', {
        body: { email, password: `quen-${i}` },
        headers: from(home),
      });
    }
    expect(
      (
        await api(server.url, 'POST', '/auth/login', {
          body: { email, password: PASSWORD },
          headers: from(home),
        })
      ).status,
    ).toBe(429);
    await api(server.url, 'POST', '/auth/forgot-password', { body: { email }, headers: from(home) });
    const token = (await newestMail(server.dataDir, email, /new-password/)).match(
      /\/auth\/new-password\/([\w-]+)/,
    )![1];
    const reset = await api(server.url, 'POST', '/auth/reset-password', {
      body: { token, password: 'mat-khau-moi-2026-dai' },
      headers: from(home),
    });
    expect(reset.status).toBe(200);
    expect(
      (
        await api(server.url, 'POST', '/auth/login', {
          body: { email, password: 'mat-khau-moi-2026-dai' },
          headers: from(home),
        })
      ).status,
    ).toBe(200);
  });
});

describe('codes and ids reveal nothing across companies (real server)', () => {
  let a: { token: string; companyId: number };
  let b: { token: string; companyId: number };
  let productA: Json;
  beforeAll(async () => {
    a = await businessAccount(server);
    b = await businessAccount(server);
    const made = await api(server.url, 'POST', '/products', {
      token: a.token,
      body: { name: 'Sản phẩm của A', qr_code: 'racntajkj2za', status: 'ACTIVE' },
    });
    expect(made.status).toBe(201);
    productA = made.body.data;
  }, 60_000);

  it("a case variant cannot squat a code: B's RACNTAJKJ2ZA is 409, and scans of the upper-case code reach A's product", async () => {
    const squat = await api(server.url, 'POST', '/products', {
      token: b.token,
      body: { name: 'Giả mạo', qr_code: 'RACNTAJKJ2ZA', status: 'ACTIVE' },
    });
    expect(squat.status).toBe(409);
    expect(squat.body.message).toBe(messages.errors.qrCodeTaken);
    // The scan path (served before the app once cached), twice so the second is the cached answer.
    for (let i = 0; i < 2; i++) {
      const scan = await api(server.url, 'GET', '/products/qr-codes/RACNTAJKJ2ZA');
      expect(scan.status).toBe(200);
      expect(scan.body.data.id).toBe(productA.id);
      const link = await api(server.url, 'GET', '/shortLinks/RacntajKJ2za');
      expect(link.body.data).toMatchObject({ code: 'racntajkj2za', productId: productA.id });
      const trpc = await fetch(
        `${server.url}/api/trpc/products.resolve?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { code: 'RACNTAJKJ2ZA' } }))}`,
      );
      expect(((await trpc.json()) as Json)[0].result.data.id).toBe(productA.id);
    }
  });

  it("another company's product, user and code answer exactly like missing ones (404), on REST and tRPC", async () => {
    const missingProduct = await api(server.url, 'GET', '/products/999999', { token: b.token });
    const theirs = await api(server.url, 'GET', `/products/${productA.id}`, { token: b.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missingProduct.body);

    const get = (id: number) =>
      fetch(`${server.url}/api/trpc/products.get?input=${encodeURIComponent(JSON.stringify({ id }))}`, {
        headers: { authorization: `Bearer ${b.token}` },
      }).then(async (r) => ({ status: r.status, body: (await r.json()) as Json }));
    const [trpcTheirs, trpcMissing] = await Promise.all([get(productA.id), get(999999)]);
    expect(trpcTheirs.status).toBe(404);
    expect(trpcTheirs.body.error.message).toBe(trpcMissing.body.error.message);

    const me = await api(server.url, 'GET', '/auth/me', { token: a.token });
    const userTheirs = await api(server.url, 'GET', `/users/${me.body.data.id}`, { token: b.token });
    const userMissing = await api(server.url, 'GET', '/users/999999', { token: b.token });
    expect(userTheirs.status).toBe(404);
    expect(userTheirs.body).toEqual(userMissing.body);

    const bindTheirs = await api(server.url, 'POST', '/shortLinks/racntajkj2za/bind', {
      token: b.token,
      body: { productId: productA.id },
    });
    const bindMissing = await api(server.url, 'POST', '/shortLinks/khongcoma1234/bind', {
      token: b.token,
      body: { productId: productA.id },
    });
    expect(bindTheirs.status).toBe(404);
    expect(bindTheirs.body).toEqual(bindMissing.body);
  });
});
