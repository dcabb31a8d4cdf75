/**
 * The member mark (issue 32, decision 209): a company member's phone camera opens an item's page as a plain
 * page load, with no token; the HttpOnly cookie the app keeps after sign-in says who it is, so the open is
 * not counted. The mark is signed with a key of its own: never an access token, never forged, and spent
 * when the member is signed out everywhere. Another company's member's opens count, as a shopper's.
 */
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { serialWorld } from './helpers.ts';
import { COUNTING_MODES } from './modes.ts';

const dl = (serial: string) => `/01/08934567890120/21/${serial}`;
const markOf = (setCookie: string | null) => /txng_m=([^;]*)/.exec(setCookie ?? '')?.[1] ?? '';

// Every rule holds both ways an open is counted (decision 230): each open written at once, and kept items
// with their opens buffered (the server's way), written by the dashboard's read or a flush.
describe.each(COUNTING_MODES)('$name', ({ env: modeEnv }) => {
  const world = (env: Record<string, string> = {}) => serialWorld({ ...modeEnv, ...env });

  describe('[PUBLIC][serials] the member mark', () => {
    it("[COMPANY_ADMIN][REST][serials]: is kept after sign-in, HttpOnly; the member's camera opens do not count, another company's do", async () => {
      const w = await world();
      const s = w.a.codes[9]!;
      const kept = await w.api.call('POST', '/auth/member-cookie', { token: w.p.tokens.employeeA });
      expect(kept.status, kept.text).toBe(200);
      expect(kept.body.data).toEqual({ marked: true });
      const cookie = kept.headers.get('set-cookie') ?? '';
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Max-Age=2592000/);
      const mark = markOf(cookie);
      expect(mark.length).toBeGreaterThan(20);

      const first = await w.open(dl(s), {
        headers: { cookie: `txng_b=member-phone-xxxxxxxxxx; txng_m=${mark}` },
      });
      expect(first.status).toBe(200);
      expect((await w.json(s)).count).toBe(0);
      // The page's consent button, with the same cookie and no token: not counted either.
      const consent = await w.api.call('POST', `/serials/${s}/open`, {
        body: {},
        headers: {
          'user-agent': 'Mozilla/5.0 (iPhone) Mobile',
          cookie: `txng_b=member-phone-yyyyyyyyyy; txng_m=${mark}`,
        },
      });
      expect(consent.status, consent.text).toBe(200);
      expect((await w.json(s)).count).toBe(0);

      // Company B's member, marked the same way, is a shopper for company A's item.
      const markB = markOf(
        (await w.api.call('POST', '/auth/member-cookie', { token: w.p.tokens.adminB })).headers.get(
          'set-cookie',
        ),
      );
      await w.open(dl(s), { headers: { cookie: `txng_b=b-phone-xxxxxxxxxxxx; txng_m=${markB}` } });
      expect((await w.json(s)).count).toBe(1);
    });

    it('[PUBLIC][serials]: a forged mark, an access token given as one, and a mark given as a token are refused', async () => {
      const w = await world();
      const s = w.a.codes[10]!;
      const mark = markOf(
        (await w.api.call('POST', '/auth/member-cookie', { token: w.p.tokens.adminA })).headers.get(
          'set-cookie',
        ),
      );
      const forged = `${mark.slice(0, -4)}AAAA`;
      await w.open(dl(s), { headers: { cookie: `txng_b=forged-phone-xxxxxxxx; txng_m=${forged}` } });
      await w.open(dl(s), {
        headers: { cookie: `txng_b=token-phone-xxxxxxxxx; txng_m=${w.p.tokens.adminA}` },
      });
      await w.open(dl(s), {
        headers: { cookie: `txng_b=junk-phone-xxxxxxxxxx; txng_m=${'x'.repeat(5000)}` },
      });
      expect((await w.json(s)).count).toBe(3);
      // The mark authorizes nothing: as a bearer token it is refused.
      const me = await w.api.call('GET', '/auth/me', { token: mark });
      expect(me.status).toBe(401);
      // Anonymous callers get no mark.
      expect((await w.api.call('POST', '/auth/member-cookie')).status).toBe(401);
    });

    it('[COMPANY_ADMIN][REST][serials]: sign-out drops it; a member signed out everywhere is counted again', async () => {
      const w = await world();
      const s = w.a.codes[11]!;
      const dropped = await w.api.call('DELETE', '/auth/member-cookie');
      expect(dropped.status).toBe(200);
      expect(dropped.body.data).toEqual({ marked: false });
      expect(dropped.headers.get('set-cookie')).toMatch(/txng_m=;.*Max-Age=0/i);

      const mark = markOf(
        (await w.api.call('POST', '/auth/member-cookie', { token: w.p.tokens.adminA })).headers.get(
          'set-cookie',
        ),
      );
      // Signed out everywhere (a password change or reset moves the token version).
      const memberId = Number(JSON.parse(Buffer.from(mark.split('.')[1] ?? '', 'base64url').toString()).sub);
      const { users } = w.api.deps.db.tables;
      await w.api.deps.db
        .update(users)
        .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.id, memberId));
      await w.open(dl(s), { headers: { cookie: `txng_b=revoked-phone-xxxxxxx; txng_m=${mark}` } });
      expect((await w.json(s)).count).toBe(1);
    });

    it('[COMPANY_ADMIN][REST][tRPC][serials]: parallel opens with the mark, and a tRPC batch of them, count nothing; the same without it count once per browser', async () => {
      const w = await world();
      const s = w.a.codes[12]!;
      const mark = markOf(
        (await w.api.call('POST', '/auth/member-cookie', { token: w.p.tokens.employeeA })).headers.get(
          'set-cookie',
        ),
      );
      const browser = (i: number) => `txng_b=parallel-phone-${String(i).padStart(6, '0')}`;
      await Promise.all([
        ...Array.from({ length: 8 }, (_, i) =>
          w.open(dl(s), { headers: { cookie: `${browser(i)}; txng_m=${mark}` } }),
        ),
        ...Array.from({ length: 8 }, (_, i) =>
          w.api.call('POST', `/serials/${s}/open`, {
            body: {},
            headers: {
              'user-agent': 'Mozilla/5.0 (iPhone) Mobile',
              cookie: `${browser(100 + i)}; txng_m=${mark}`,
            },
          }),
        ),
      ]);
      expect((await w.json(s)).count).toBe(0);
      // Five opens in one tRPC batch, each naming the mark: one request, nothing counted.
      const input = (i: number) => ({
        serial: s,
        browserId: `batch-browser-${String(i).padStart(6, '0')}`,
        memberMark: mark,
      });
      const batch = await w.api.app.request(`/api/trpc/${Array(5).fill('serials.open').join(',')}?batch=1`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' },
        body: JSON.stringify(Object.fromEntries([0, 1, 2, 3, 4].map((i) => [i, input(i)]))),
      });
      expect(batch.status, await batch.clone().text()).toBe(200);
      expect((await w.json(s)).count).toBe(0);
      // Without the mark the same parallel opens are shoppers': once per browser, each counted exactly once.
      await Promise.all(
        Array.from({ length: 6 }, (_, i) => w.open(dl(s), { headers: { cookie: browser(200 + (i % 3)) } })),
      );
      expect((await w.json(s)).count).toBe(3);
    });

    it('[COMPANY_ADMIN][REST][serials]: behind a proxy that ends TLS (PUBLIC_URL https, the app reached over http) both cookies are Secure', async () => {
      const w = await world({ PUBLIC_URL: 'https://truyxuat.example.vn' });
      const kept = await w.api.call('POST', '/auth/member-cookie', { token: w.p.tokens.employeeA });
      expect(kept.headers.get('set-cookie')).toMatch(/; Secure/i);
      const page = await w.api.app.request(`/s/${w.short.codes[1]}`, {
        headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Mobile' },
      });
      expect(page.headers.get('set-cookie')).toMatch(/^txng_b=[^;]+;.*Secure/i);
      // On plain http with an http public address they are not (a phone on the company's own network).
      const plain = await world();
      const local = await plain.api.call('POST', '/auth/member-cookie', { token: plain.p.tokens.employeeA });
      expect(local.headers.get('set-cookie')).not.toMatch(/Secure/i);
    });
  });
});
