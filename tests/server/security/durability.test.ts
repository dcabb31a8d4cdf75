import { request } from 'node:http';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { api, type RealServer, startRealServer } from './real-server.ts';

const ADMIN = { ADMIN_EMAIL: 'ben-vung@example.com', ADMIN_PASSWORD: 'ben-vung-mat-khau-2026' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const running: RealServer[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) await s.kill9();
});

async function start(env: Record<string, string> = {}, dataDir?: string): Promise<RealServer> {
  const s = await startRealServer({ ...ADMIN, ...env }, dataDir);
  running.push(s);
  return s;
}

async function adminToken(s: RealServer): Promise<string> {
  const res = await api(s.url, 'POST', '/auth/login', { body: { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD } });
  expect(res.status).toBe(200);
  return res.body.data.session.accessToken;
}

/** Writers that insert accounts until told to stop; returns the e-mails whose 201 came back. */
function writeLoad(s: RealServer, token: string, tag: string, workers = 4) {
  const acknowledged: string[] = [];
  let stop = false;
  let n = 0;
  const loops = Array.from({ length: workers }, async () => {
    while (!stop) {
      const email = `${tag}-${n++}@example.com`;
      try {
        const res = await api(s.url, 'POST', '/users', {
          token,
          body: { name: 'Ghi đồng thời', email, password: 'ghi-dong-thoi-2026', role: 'USER', status: 'ACTIVE' },
        });
        if (res.status === 201) acknowledged.push(email);
        else if (!stop) throw new Error(`unexpected ${res.status}: ${JSON.stringify(res.body)}`);
      } catch (err) {
        // The server was killed under us: this write was never acknowledged.
        if ((err as Error).message.startsWith('unexpected')) throw err;
        return;
      }
    }
  });
  return {
    acknowledged,
    async finish() {
      stop = true;
      await Promise.all(loops);
      return acknowledged;
    },
  };
}

function inspect(dbPath: string, emails: string[]) {
  const db = new Database(dbPath, { readonly: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    const find = db.prepare('select 1 from users where email = ?');
    const missing = emails.filter((e) => !find.get(e));
    return { integrity, missing };
  } finally {
    db.close();
  }
}

describe('[SUPER_ADMIN][durability] the real server', () => {
  it('SIGTERM lets an in-flight request finish, refuses new connections, and closes the database', async () => {
    const s = await start();
    const token = await adminToken(s);
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${s.url}/api/auth/me`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d) => {
          body += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      // The body arrives slowly: the request is in flight when SIGTERM comes.
      req.write('{"name":');
      setTimeout(() => req.end('"Đã rút cạn trước khi tắt"}'), 800);
    });
    await sleep(300);
    s.child.kill('SIGTERM');
    await sleep(200);
    await expect(fetch(`${s.url}/api/health`)).rejects.toThrow();
    const done = await answer;
    expect(done.status).toBe(200);
    expect(JSON.parse(done.body).data.name).toBe('Đã rút cạn trước khi tắt');
    expect(await s.exited).toBe(0);
    expect(s.lines.some((l) => l.includes('"event":"server.closed"'))).toBe(true);
    // Closed cleanly: the last connection checkpointed the WAL into the database file.
    const wal = join(s.dataDir, 'app.db-wal');
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);

    const again = await start({}, s.dataDir);
    const me = await api(again.url, 'GET', '/auth/me', { token: await adminToken(again) });
    expect(me.body.data.name).toBe('Đã rút cạn trước khi tắt');
  });

  it('every acknowledged write survives kill -9 at a random moment, round after round, with a clean integrity check', async () => {
    let dataDir: string | undefined;
    const acknowledged: string[] = [];
    const ROUNDS = 4;
    for (let round = 0; round < ROUNDS; round++) {
      const s = await start({}, dataDir);
      dataDir = s.dataDir;
      // Everything acknowledged before the previous kill is there after the restart.
      const token = await adminToken(s);
      const load = writeLoad(s, token, `vong-${round}`);
      await sleep(150 + Math.floor(Math.random() * 600));
      const signal = await s.kill9();
      expect(signal).toBe('SIGKILL');
      acknowledged.push(...(await load.finish()));
      const { integrity, missing } = inspect(join(dataDir, 'app.db'), acknowledged);
      expect(integrity).toBe('ok');
      expect(missing).toEqual([]);
    }
    expect(acknowledged.length).toBeGreaterThan(ROUNDS * 5);
    // And the app still works on the crashed-and-recovered files.
    const last = await start({}, dataDir);
    const counts = await api(last.url, 'GET', '/users/count-status', { token: await adminToken(last) });
    expect(counts.body.data.total).toBeGreaterThanOrEqual(acknowledged.length + 1);
  });
});
