import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Change, type ChangeFeed, createSqliteChangeFeed } from '#server/db/change-feed.ts';
import { createDb } from '#server/db/client.ts';
import {
  CHANGE_CHANNEL,
  CHANGE_FEED_APPLICATION,
  createPgChangeFeed,
  installChangeTriggers,
} from '#server/db/pg-change-feed.ts';
import { createSqliteAnswerSource } from '#server/db/public-answers/sqlite-source.ts';
import { loadSettings } from '#server/env.ts';
import { createPublicAnswers } from '#server/services/products/public-answers.ts';
import { type PgCluster, pgMissingNotice, startPgCluster } from '#tests/helpers/pg-cluster-lite.ts';

/**
 * The change feed (decision 158): every write to a table a public answer is made of is told to every
 * instance, with what it makes stale, within a second; a listener that lost its connection gets it back
 * and is told that everything may be stale.
 */
const missing = pgMissingNotice('the PostgreSQL change feed tests');

/** The watched tables with the columns the triggers read, named as in server/db/schema/. */
const TABLES = [
  'CREATE TABLE companies (id integer PRIMARY KEY, name text NOT NULL)',
  'CREATE TABLE products (id integer PRIMARY KEY, company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE, qr_code text NOT NULL)',
  'CREATE TABLE tracking_entries (id integer PRIMARY KEY, product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE)',
  'CREATE TABLE lots (id integer PRIMARY KEY, product_id integer NOT NULL REFERENCES products(id) ON DELETE CASCADE, code text NOT NULL)',
  'CREATE TABLE lot_events (id integer PRIMARY KEY, lot_id integer NOT NULL REFERENCES lots(id) ON DELETE CASCADE)',
  'CREATE TABLE short_links (id integer PRIMARY KEY, code text NOT NULL, company_id integer NOT NULL, product_id integer REFERENCES products(id) ON DELETE SET NULL)',
  'CREATE TABLE partners (id integer PRIMARY KEY, company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE, name text NOT NULL)',
  'CREATE TABLE lot_receipts (id integer PRIMARY KEY, company_id integer NOT NULL, lot_id integer NOT NULL REFERENCES lots(id) ON DELETE CASCADE, partner_id integer NOT NULL)',
  'CREATE TABLE lot_inputs (id integer PRIMARY KEY, company_id integer NOT NULL, lot_id integer NOT NULL REFERENCES lots(id) ON DELETE CASCADE, input_lot_id integer NOT NULL)',
  'CREATE TABLE plots (id integer PRIMARY KEY, company_id integer NOT NULL REFERENCES companies(id) ON DELETE CASCADE, name text NOT NULL)',
  'CREATE TABLE lot_plots (id integer PRIMARY KEY, company_id integer NOT NULL, lot_id integer NOT NULL REFERENCES lots(id) ON DELETE CASCADE, plot_id integer NOT NULL)',
];
const SEED = [
  "INSERT INTO companies VALUES (1, 'Cà phê Đắk Lắk'), (2, 'Chè Thái Nguyên')",
  "INSERT INTO products VALUES (10, 1, 'P10')",
  "INSERT INTO lots VALUES (100, 10, 'L1')",
];

const p = (productId: number, code: string | null = null) => ({ productId, companyId: null, code });
const c = (companyId: number) => ({ productId: null, companyId, code: null });

/** One write each, and the changes it must announce (as a set: repeats are allowed, nothing else). */
const STEPS: Array<[what: string, sql: string, expected: Change[]]> = [
  ['a product added', "INSERT INTO products VALUES (11, 1, 'P11')", [p(11, 'P11')]],
  ['a product recoded', "UPDATE products SET qr_code = 'P11B' WHERE id = 11", [p(11, 'P11'), p(11, 'P11B')]],
  ['a timeline step added', 'INSERT INTO tracking_entries VALUES (1, 10)', [p(10)]],
  ['a timeline step moved', 'UPDATE tracking_entries SET product_id = 11 WHERE id = 1', [p(10), p(11)]],
  ['a timeline step removed', 'DELETE FROM tracking_entries WHERE id = 1', [p(11)]],
  // A new company is in no answer: nothing is announced for it, only the profile change after it.
  ['a company added', "INSERT INTO companies VALUES (3, 'Mới')", []],
  ["a company's profile", "UPDATE companies SET name = 'Cà phê Buôn Ma Thuột' WHERE id = 1", [c(1)]],
  [
    'a printed code added',
    "INSERT INTO short_links VALUES (1, 'S1', 1, NULL)",
    [{ productId: null, companyId: null, code: 'S1' }],
  ],
  [
    'a printed code bound',
    'UPDATE short_links SET product_id = 10 WHERE id = 1',
    [{ productId: null, companyId: null, code: 'S1' }, p(10, 'S1')],
  ],
  ['a printed code removed', 'DELETE FROM short_links WHERE id = 1', [p(10, 'S1')]],
  ['a lot added', "INSERT INTO lots VALUES (101, 11, 'L2')", [p(11)]],
  ['a lot recalled', "UPDATE lots SET code = 'L1-R' WHERE id = 100", [p(10)]],
  ["a lot's step added", 'INSERT INTO lot_events VALUES (1, 100)', [p(10)]],
  ["a lot's step changed", 'UPDATE lot_events SET lot_id = 101 WHERE id = 1', [p(10)]],
  ["a lot's step removed", 'DELETE FROM lot_events WHERE id = 1', [p(11)]],
  // The supply chain on a lot page (decision 200): each drops its company's answers.
  ['a partner added', "INSERT INTO partners VALUES (1, 1, 'HTX')", []],
  ['a partner renamed', "UPDATE partners SET name = 'HTX Ea Tu' WHERE id = 1", [c(1)]],
  ['a receipt added', 'INSERT INTO lot_receipts VALUES (1, 1, 100, 1)', [c(1)]],
  ['a receipt removed', 'DELETE FROM lot_receipts WHERE id = 1', [c(1)]],
  ['an input added', 'INSERT INTO lot_inputs VALUES (1, 1, 101, 100)', [c(1)]],
  ['an input removed', 'DELETE FROM lot_inputs WHERE id = 1', [c(1)]],
  ['a partner removed', 'DELETE FROM partners WHERE id = 1', [c(1)]],
  // Where a lot grew (decision 219): a plot's edit and a lot's links drop its company's answers.
  ['a plot added', "INSERT INTO plots VALUES (1, 1, 'Thửa 1')", []],
  ['a plot linked', 'INSERT INTO lot_plots VALUES (1, 1, 100, 1)', [c(1)]],
  ['a plot renamed', "UPDATE plots SET name = 'Thửa Ea Tu' WHERE id = 1", [c(1)]],
  ['a plot unlinked', 'DELETE FROM lot_plots WHERE id = 1', [c(1)]],
  ['a plot removed', 'DELETE FROM plots WHERE id = 1', [c(1)]],
  ['a lot removed', 'DELETE FROM lots WHERE id = 101', [p(11)]],
  ['a product removed', 'DELETE FROM products WHERE id = 11', [p(11, 'P11B')]],
  ['a company removed', 'DELETE FROM companies WHERE id = 2', [c(2)]],
];

const keyOf = (change: Change) => JSON.stringify(change);
const setOf = (changes: Change[]) => [...new Set(changes.map(keyOf))].sort();

/** Waits until `seen` holds every expected change (at most a second), then gives what arrived. */
async function arrived(seen: Change[], expected: Change[], withinMs = 1_000): Promise<string[]> {
  const want = setOf(expected);
  // Nothing expected: give a wrong announcement the time it would take to come.
  if (!want.length) await new Promise((r) => setTimeout(r, 200));
  const start = Date.now();
  while (Date.now() - start < withinMs) {
    const got = setOf(seen);
    if (want.every((k) => got.includes(k))) break;
    await new Promise((r) => setTimeout(r, 5));
  }
  return setOf(seen);
}

describe('[change feed] SQLite: the temporary triggers tell this process', () => {
  it('every watched write announces what it makes stale', () => {
    const sqlite = new Database(':memory:');
    for (const s of [...TABLES, ...SEED]) sqlite.exec(s);
    const seen: Change[] = [];
    const feed = createSqliteChangeFeed(sqlite);
    feed.subscribe({ changed: (change) => seen.push(change) });
    for (const [what, sql, expected] of STEPS) {
      seen.length = 0;
      sqlite.exec(sql);
      expect(setOf(seen), what).toEqual(setOf(expected));
    }
    expect(feed.version).toBeGreaterThanOrEqual(STEPS.length - 1);
    sqlite.close();
  });
});

describe('[change feed] the public answers hear the one feed (decision 199)', () => {
  it('on the real schema, the public answers are told every change the feed announces, and nothing else', () => {
    const { sqlite } = createDb(':memory:');
    const dataDir = mkdtempSync(join(tmpdir(), 'txng-feed-'));
    const settings = loadSettings({ DATA_DIR: dataDir, PUBLIC_URL: 'http://localhost:3000' });
    const feed = createSqliteChangeFeed(sqlite);
    const answers = createPublicAnswers({
      source: createSqliteAnswerSource(sqlite, { publicUrl: settings.publicUrl }),
      feed,
    });
    const theirs: Change[] = [];
    vi.spyOn(answers, 'changed').mockImplementation((change) => void theirs.push(change));
    const ours: Change[] = [];
    feed.subscribe({ changed: (change) => ours.push(change) });
    const now = String(Date.now());
    const steps = [
      "INSERT INTO companies (id, name, created_at, updated_at) VALUES (1, 'A', @now, @now), (2, 'B', @now, @now)",
      "INSERT INTO products (id, company_id, name, qr_code, created_at, updated_at) VALUES (10, 1, 'Cà phê', 'P10', @now, @now)",
      "UPDATE products SET qr_code = 'P10B', name = 'Cà phê rang' WHERE id = 10",
      "INSERT INTO tracking_entries (id, product_id, company_id, position, activity, date) VALUES (1, 10, 1, 0, 'Thu hoạch', '2026-11-01')",
      "UPDATE tracking_entries SET activity = 'Rang' WHERE id = 1",
      "UPDATE companies SET name = 'A mới' WHERE id = 1",
      "INSERT INTO short_links (id, code, company_id, created_at) VALUES (1, 'S1', 1, @now)",
      'UPDATE short_links SET product_id = 10 WHERE id = 1',
      "INSERT INTO lots (id, company_id, product_id, code, created_at, updated_at) VALUES (100, 1, 10, 'L1', @now, @now)",
      "INSERT INTO lot_events (id, lot_id, company_id, position, activity, date) VALUES (1, 100, 1, 0, 'Đóng gói', '2026-11-02')",
      "UPDATE lot_events SET activity = 'Đóng thùng' WHERE id = 1",
      'UPDATE lots SET recalled_at = @now WHERE id = 100',
      'DELETE FROM lot_events WHERE id = 1',
      'DELETE FROM short_links WHERE id = 1',
      'DELETE FROM products WHERE id = 10',
      'DELETE FROM companies WHERE id = 2',
    ];
    const normal = (c: Change) =>
      c === 'everything'
        ? c
        : { productId: c.productId ?? null, companyId: c.companyId ?? null, code: c.code ?? null };
    let announced = 0;
    for (const sql of steps) {
      theirs.length = 0;
      ours.length = 0;
      sqlite.exec(sql.replaceAll('@now', now));
      expect(ours.map(normal), sql).toEqual(theirs.map(normal));
      announced += theirs.length;
    }
    expect(announced).toBeGreaterThanOrEqual(steps.length);
    answers.close();
    sqlite.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
});

describe.skipIf(missing)('[change feed] PostgreSQL: every instance hears every write', () => {
  let cluster: PgCluster;
  let url: string;
  let writer: pg.Pool;
  const feeds: ChangeFeed[] = [];

  beforeAll(async () => {
    cluster = await startPgCluster();
    url = await cluster.createDatabase('feed');
    writer = cluster.pool(url, 3);
    for (const s of [...TABLES, ...SEED]) await writer.query(s);
    // N instances start together: each installs the triggers; the advisory lock makes it one at a time.
    const pools = [1, 2, 3].map(() => cluster.pool(url, 1));
    await Promise.all(pools.map((pool) => installChangeTriggers(pool)));
    await Promise.all(pools.map((pool) => pool.end()));
  }, 60_000);

  afterAll(async () => {
    await Promise.all(feeds.map((f) => f.close()));
    await writer?.end();
    cluster?.stop();
  });

  const listen = async (seen: Change[], options: { heartbeatMs?: number } = {}) => {
    const feed = await createPgChangeFeed({ connection: { connectionString: url }, ...options });
    feed.subscribe({ changed: (change) => seen.push(change) });
    feeds.push(feed);
    return feed;
  };

  it('a write through one pool reaches two listeners within a second, for every watched table', async () => {
    const a: Change[] = [];
    const b: Change[] = [];
    await listen(a);
    await listen(b);
    for (const [what, sql, expected] of STEPS) {
      a.length = 0;
      b.length = 0;
      await writer.query(sql);
      expect(await arrived(a, expected), `${what}, instance A`).toEqual(setOf(expected));
      expect(await arrived(b, expected), `${what}, instance B`).toEqual(setOf(expected));
    }
  });

  it('a rolled-back write announces nothing; a transaction announces each key once', async () => {
    const seen: Change[] = [];
    await listen(seen);
    const client = await writer.connect();
    try {
      await client.query('BEGIN');
      await client.query("UPDATE products SET qr_code = 'GONE' WHERE id = 10");
      await client.query('ROLLBACK');
      await client.query('BEGIN');
      for (let i = 0; i < 20; i++) await client.query(`INSERT INTO tracking_entries VALUES (${100 + i}, 10)`);
      await client.query('COMMIT');
    } finally {
      client.release();
    }
    expect(await arrived(seen, [p(10)])).toEqual(setOf([p(10)]));
    expect(seen).toEqual([p(10)]);
  });

  it('installing the triggers again (a restart, a newer version) keeps one trigger per watched table', async () => {
    await installChangeTriggers(writer);
    const { rows } = await writer.query<{ n: string }>(
      "SELECT count(*) AS n FROM pg_trigger WHERE tgname = 'txng_changed' AND NOT tgisinternal",
    );
    expect(Number(rows[0]?.n)).toBe(TABLES.length);
  });

  it('a dropped listener connection comes back, reports everything, and hears writes again', async () => {
    const seen: Change[] = [];
    const feed = await listen(seen, { heartbeatMs: 200 });
    const before = feed.version;
    const { rows } = await writer.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE application_name = $1',
      [CHANGE_FEED_APPLICATION],
    );
    expect(rows.length).toBeGreaterThan(0);
    // Every listener connection of this file is cut, as a failover or a restarted server would.
    await writer.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
      CHANGE_FEED_APPLICATION,
    ]);
    expect(await arrived(seen, ['everything'], 5_000)).toContain(keyOf('everything'));
    expect(feed.version).toBeGreaterThan(before);
    seen.length = 0;
    await writer.query("UPDATE companies SET name = 'Lại nghe được' WHERE id = 1");
    expect(await arrived(seen, [c(1)])).toEqual(setOf([c(1)]));
  });

  it('tells the moment its connection is lost and when it listens again, within a second (decision 180)', async () => {
    const states: Array<[boolean, number]> = [];
    const feed = await createPgChangeFeed({ connection: { connectionString: url } });
    feed.subscribe({
      changed: () => undefined,
      listening: (listening) => states.push([listening, Date.now()]),
    });
    feeds.push(feed);
    expect(feed.listening).toBe(true);
    states.push([true, Date.now()]);
    const cut = Date.now();
    await writer.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
      CHANGE_FEED_APPLICATION,
    ]);
    await vi.waitFor(() => expect(states.map(([l]) => l)).toEqual([true, false, true]), { timeout: 1_000 });
    expect(feed.listening).toBe(true);
    expect(states[2]![1] - cut).toBeLessThan(1_000);
  });

  it('a listening connection that stops answering (a silent network cut) counts as lost after two heartbeats', async () => {
    const states: boolean[] = [];
    // This feed's connection is the one listening connection that was not there before it: an earlier
    // test's feed may have connected again since, so the newest one need not be this feed's.
    const listeners = async () =>
      (
        await writer.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE application_name = $1', [
          CHANGE_FEED_APPLICATION,
        ])
      ).rows.map((r) => r.pid);
    const before = new Set(await listeners());
    const feed = await createPgChangeFeed({ connection: { connectionString: url }, heartbeatMs: 100 });
    feed.subscribe({ changed: () => undefined, listening: (listening) => states.push(listening) });
    states.push(feed.listening);
    feeds.push(feed);
    // On a loaded machine an earlier test's feed may connect again between the two readings: every new
    // listening connection is frozen then, this feed's among them (the others' feeds are no longer watched).
    const mine = (await listeners()).filter((pid) => !before.has(pid));
    expect(mine.length).toBeGreaterThanOrEqual(1);
    // The server process of the listening connection is frozen: the connection stays open and says nothing.
    for (const pid of mine) process.kill(pid, 'SIGSTOP');
    try {
      await vi.waitFor(() => expect(states).toEqual([true, false, true]), { timeout: 2_000, interval: 20 });
    } finally {
      for (const pid of mine) process.kill(pid, 'SIGCONT');
    }
  });

  it('a notification of no known shape on the channel drops everything rather than nothing', async () => {
    const seen: Change[] = [];
    await listen(seen);
    await writer.query(
      `SELECT pg_notify('${CHANGE_CHANNEL}', 'not json'), pg_notify('${CHANGE_CHANNEL}', '[1, 2]')`,
    );
    await writer.query(`SELECT pg_notify('${CHANGE_CHANNEL}', '[10, null, "P10"]')`);
    expect(await arrived(seen, ['everything', p(10, 'P10')])).toEqual(setOf(['everything', p(10, 'P10')]));
  });

  it('a listener that cannot reach the database stops the start with the error', async () => {
    const port = new URL(url).port;
    await expect(
      createPgChangeFeed({ connection: { connectionString: url.replace(`:${port}/`, ':1/') } }),
    ).rejects.toThrow();
  });
});
