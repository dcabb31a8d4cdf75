import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { api, businessAccount, type Json, type RealServer, startRealServer } from './real-server.ts';

const ADMIN = { ADMIN_EMAIL: 'dong-thoi@example.com', ADMIN_PASSWORD: 'dong-thoi-mat-khau-2026' };
let server: RealServer;
let token: string;

beforeAll(async () => {
  server = await startRealServer(ADMIN);
  const res = await api(server.url, 'POST', '/auth/login', {
    body: { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD },
  });
  token = res.body.data.session.accessToken;
}, 30_000);
afterAll(() => server?.stop());

/** Fires all the calls at once; returns their statuses, sorted, with the bodies of the losers. */
async function race(calls: (() => Promise<{ status: number; body: Json }>)[]) {
  const answers = await Promise.all(calls.map((c) => c()));
  return { statuses: answers.map((a) => a.status).sort(), losers: answers.filter((a) => a.status !== 200) };
}

describe('[SUPER_ADMIN][REST][documents] concurrent edits on the real server', () => {
  it('edits naming the same version: exactly one wins, the others are 409 and nothing is silently overwritten', async () => {
    const created = await api(server.url, 'POST', '/settings/term-conditions', {
      token,
      body: {
        items: [{ key: 'termsAndServices', title: 'Điều khoản gốc', subtitle: '', body: '<p>Bản gốc</p>' }],
      },
    });
    expect(created.status).toBe(201);
    const section = created.body.data.find((s: { title: string }) => s.title === 'Điều khoản gốc');
    for (let round = 0; round < 5; round++) {
      const current = (
        await api(server.url, 'GET', '/settings/term-conditions?key=termsAndServices')
      ).body.data.find((s: { id: number }) => s.id === section.id);
      const editors = Array.from(
        { length: 6 },
        (_, i) => () =>
          api(server.url, 'PATCH', '/settings/term-conditions', {
            token,
            body: {
              items: [{ id: section.id, version: current.version, title: `Vòng ${round} người ${i}` }],
            },
          }),
      );
      const { statuses, losers } = await race(editors);
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
      for (const l of losers) expect(l.body.message).toBe(messages.errors.versionConflict);
      const after = (
        await api(server.url, 'GET', '/settings/term-conditions?key=termsAndServices')
      ).body.data.find((s: { id: number }) => s.id === section.id);
      expect(after.version).toBe(current.version + 1);
      expect(after.title).toMatch(new RegExp(`^Vòng ${round} người \\d$`));
    }
  });
});

describe('[COMPANY_ADMIN][REST][products] concurrent edits on the real server', () => {
  it('edits naming the same version: exactly one wins, the others are 409 and nothing is silently overwritten', async () => {
    const company = await businessAccount(server);
    const made = await api(server.url, 'POST', '/products', {
      token: company.token,
      body: { name: 'Trà Shan tuyết', status: 'ACTIVE', tags: ['gốc'] },
    });
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    for (let round = 0; round < 5; round++) {
      const current = (await api(server.url, 'GET', `/products/${id}`, { token: company.token })).body.data;
      const editors = Array.from(
        { length: 6 },
        (_, i) => () =>
          api(server.url, 'PUT', `/products/${id}`, {
            token: company.token,
            body: { name: `Vòng ${round} người ${i}`, tags: [`thẻ-${round}-${i}`], version: current.version },
          }),
      );
      const { statuses, losers } = await race(editors);
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
      for (const l of losers) expect(l.body.message).toBe(messages.errors.versionConflict);
      const after = (await api(server.url, 'GET', `/products/${id}`, { token: company.token })).body.data;
      expect(after.version).toBe(current.version + 1);
      // The winner's save is whole: its name and its tags belong to the same editor.
      const winner = after.name.match(/^Vòng (\d) người (\d)$/);
      expect(winner).not.toBeNull();
      expect(after.tags).toEqual([`thẻ-${winner![1]}-${winner![2]}`]);
    }
  });
});
