import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { engine } from '#tests/helpers/deps.ts';
import { png } from './images.ts';
import { api, businessAccount, type RealServer, startRealServer } from './real-server.ts';
import { fillDisk, smallDisk } from './small-disk.ts';

/**
 * A full disk on the real server (decision 181), on a tmpfs of a few MB: writes are refused with 503, a
 * minute's Retry-After and a Vietnamese message, reads and the health check go on, the process lives, and
 * once space is freed every acknowledged write is there, the scans counted meanwhile too, and the database
 * passes integrity_check.
 */
const ADMIN = { ADMIN_EMAIL: 'dia-day@example.com', ADMIN_PASSWORD: 'dia-day-mat-khau-2026' };
const running: RealServer[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.kill9();
});
async function start(dataDir: string, env: Record<string, string> = {}): Promise<RealServer> {
  const s = await startRealServer({ ...ADMIN, ...env }, dataDir);
  running.push(s);
  return s;
}
/**
 * What the server wrote to stderr, but Hono's notice that the client is not built (the unit tests run before
 * `vite build` in npm test): the app never writes there itself, so anything else is a crash or a stack.
 */
const stderrOf = (s: RealServer) =>
  s
    .stderr()
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('serveStatic: root path'))
    .join('\n');

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A product's timeline of a few kB: each write takes pages, so the disk fills in a few seconds. */
const trackings = (i: number) =>
  ['Gieo trồng', 'Thu hoạch', 'Đóng gói'].map((activity) => ({
    activity,
    location: 'Cầu Đất, Đà Lạt',
    date: '2026-10-01',
    description: `Mô tả bước ${activity} của sản phẩm số ${i}. `.repeat(40).slice(0, 1500),
  }));

function expectStorageFull(res: { status: number; headers: Headers; body: { message?: string } }) {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('60');
  expect(res.body.message).toBe(messages.errors.storageFull);
}

async function upload(s: RealServer, token: string, bytes: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'anh.png');
  const res = await fetch(`${s.url}/api/uploads`, {
    method: 'POST',
    body: form,
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as { message?: string } };
}

describe.skipIf(engine !== 'sqlite')(
  '[COMPANY_ADMIN][REST][disk] a full disk on the real server (SQLite)',
  () => {
    it('refuses writes with 503 while full, keeps answering reads, loses nothing once space is freed', async () => {
      const dir = smallDisk(24);
      const s = await start(dir);
      const company = await businessAccount(s);
      const acknowledged = new Map<number, string>();
      const codes: string[] = [];
      const create = async (name: string, i: number) => {
        const res = await api(s.url, 'POST', '/products', {
          token: company.token,
          body: { name, status: 'ACTIVE', trackings: trackings(i) },
        });
        if (res.status === 201) {
          acknowledged.set(res.body.data.id, name);
          codes.push(res.body.data.qr_code);
        }
        return res;
      };
      for (let i = 0; i < 5; i++) expect((await create(`Trước khi đầy ${i}`, i)).status).toBe(201);

      // Resolves count as scans; each one answered must be in the statistics in the end.
      let resolved = 0;
      const resolve = async () => {
        const res = await api(s.url, 'GET', `/products/qr-codes/${codes[resolved % codes.length]}`);
        expect(res.status).toBe(200);
        resolved++;
      };

      const free = fillDisk(dir);
      // Four writers until each has been refused a few times: every answer is a 201 or the full-disk 503.
      let refused = 0;
      await Promise.all(
        [0, 1, 2, 3].map(async (w) => {
          for (let i = 0, mine = 0; mine < 5 && i < 400; i++) {
            const res = await create(`Khi đầy ${w}-${i}`, i);
            if (res.status !== 201) {
              expectStorageFull(res);
              refused++;
              mine++;
            }
            await resolve();
          }
        }),
      );
      expect(refused).toBeGreaterThanOrEqual(20);

      // Reads go on, the health check too; an upload is refused the same way and leaves no part of a file.
      for (let i = 0; i < 20; i++) await resolve();
      const health = await api(s.url, 'GET', '/health');
      expect(health.status).toBe(200);
      // Degraded, still in rotation: reads go on (server/health.ts).
      expect(health.body.data).toMatchObject({ status: 'degraded', ready: true, reasons: [{ key: 'disk' }] });
      const before = readdirSync(join(dir, 'uploads'));
      expectStorageFull(await upload(s, company.token, png(400, 400, { noise: true })));
      expect(readdirSync(join(dir, 'uploads'))).toEqual(before);
      // The background work (stored answers, scan events, checkpoints) met the full disk too: still alive.
      await sleep(1500);
      expect(s.child.exitCode).toBeNull();
      expect(stderrOf(s)).toBe('');
      expect(s.lines.some((l) => l.includes('"event":"storage.full"'))).toBe(true);
      expect(s.lines.some((l) => l.includes('"level":50') && l.includes('"stack"'))).toBe(false);

      // Space comes back: writes are accepted again without a restart.
      free();
      let back = 0;
      for (let i = 0; back < 3 && i < 100; i++) {
        const res = await create(`Sau khi có chỗ ${i}`, i);
        if (res.status === 201) back++;
        else expectStorageFull(res);
      }
      expect(back).toBe(3);
      for (let i = 0; i < 10; i++) await resolve();
      // Scan events held while the disk was full are offered again every 5 s: give them one turn.
      await sleep(5500);
      expect(await s.stop()).toBe(0);

      const db = new Database(join(dir, 'app.db'), { readonly: true });
      try {
        expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
        const rows = db.prepare('SELECT id, name FROM products').all() as { id: number; name: string }[];
        const stored = new Map(rows.map((r) => [r.id, r.name]));
        for (const [id, name] of acknowledged) expect(stored.get(id)).toBe(name);
        const scans = db.prepare('SELECT coalesce(sum(scans), 0) FROM scan_events').pluck().get() as number;
        expect(scans).toBe(resolved);
      } finally {
        db.close();
      }
    }, 120_000);

    it('starting on a disk with no room left says so in one line and exits; with a little room it serves reads', async () => {
      const dir = smallDisk(16);
      const first = await start(dir);
      const company = await businessAccount(first);
      const made = await api(first.url, 'POST', '/products', {
        token: company.token,
        body: { name: 'Cà phê Cầu Đất', status: 'ACTIVE' },
      });
      expect(made.status).toBe(201);
      expect(await first.stop()).toBe(0);

      // No room at all: the database cannot even be opened. One line, no stack, exit code 1.
      const free = fillDisk(dir);
      const message = await startRealServer(ADMIN, dir).then(
        (s) => {
          running.push(s);
          return 'it started';
        },
        (err: Error) => err.message,
      );
      expect(message).toMatch(/^server exited \(1\) before listening: /);
      const stderr = message.slice(message.indexOf('listening: ') + 'listening: '.length).trimEnd();
      expect(stderr.split('\n')).toHaveLength(1);
      expect(stderr).toMatch(
        /^Cannot start: the disk holding .* is full .*free some space there, then start again/,
      );

      // A little room (what a full disk often has once a log is rotated): it starts, says the disk is
      // full in one line, answers reads, refuses writes.
      free();
      fillDisk(dir, 256 * 1024);
      const s = await start(dir);
      const warnings = s.lines.filter((l) => l.includes('"event":"storage.full_at_start"'));
      expect(warnings).toHaveLength(1);
      expect((await api(s.url, 'GET', `/products/qr-codes/${made.body.data.qr_code}`)).status).toBe(200);
      expect((await api(s.url, 'GET', '/health')).status).toBe(200);
      const login = await api(s.url, 'POST', '/auth/login', {
        body: { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD },
      });
      expect(login.status).toBe(200);
      let refusedAt = -1;
      for (let i = 0; i < 200 && refusedAt < 0; i++) {
        const res = await api(s.url, 'POST', '/products', {
          token: company.token,
          body: { name: `Khi đầy ${i}`, status: 'ACTIVE', trackings: trackings(i) },
        });
        if (res.status !== 201) {
          expectStorageFull(res);
          refusedAt = i;
        }
      }
      expect(refusedAt).toBeGreaterThanOrEqual(0);
      expect(stderrOf(s)).toBe('');
    }, 120_000);
  },
);
