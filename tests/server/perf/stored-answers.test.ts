import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createSqliteChangeFeed } from '#server/db/change-feed.ts';
import { createDb, type Sqlite } from '#server/db/client.ts';
import {
  createSqliteAnswerSource,
  type SqliteSourceOptions,
} from '#server/db/public-answers/sqlite-source.ts';
import { toPublicCompany } from '#server/services/accounts/profile.ts';
import { generateCode } from '#server/services/codes.ts';
import { createPublicAnswers, dataOf } from '#server/services/products/public-answers.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { engine, tables } from '#tests/helpers/deps.ts';
import { callerFor, createUser } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { fillDisk, smallDisk } from '#tests/server/security/small-disk.ts';

const { companies } = tables;

/**
 * Every product's answer is stored by code (decision 145): a miss of the in-memory answers reads one row.
 * These prove a stored row is never served once a write made it stale, whoever wrote it, and that what is
 * stored is the live answer byte for byte.
 */
async function world() {
  const api = await createTestApi();
  const admin = await createUser(api.deps, { role: 'COMPANY_ADMIN' });
  const caller = callerFor(api.deps, admin);
  const create = (name: string) =>
    caller.products.create({
      name,
      status: 'ACTIVE',
      trackings: [{ activity: 'Thu hoạch', location: 'Cầu Đất', date: '2026-10-01', description: '' }],
    });
  const product = await create('Cà phê Arabica Cầu Đất');
  const store = api.deps.publicAnswers.store;
  const resolve = (code = product.qr_code) => api.call('GET', `/products/qr-codes/${code}`);
  const stored = (code = product.qr_code) => {
    const row = store.read(code);
    return row && JSON.parse(new TextDecoder().decode(row[3]));
  };
  return { api, caller, create, product, store, resolve, stored };
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/**
 * The rows an answer is made of (a company, its products, codes and timelines; no users: references to the
 * rest are not checked here), copied from the test app's database into another, through their own rows.
 */
function copyAnswerRows(from: Sqlite, to: Sqlite, companyId: number) {
  const insert = (table: string, row: Record<string, unknown>) =>
    to
      .prepare(
        `INSERT INTO ${table} (${Object.keys(row).join(', ')}) VALUES (${Object.keys(row)
          .map(() => '?')
          .join(', ')})`,
      )
      .run(...Object.values(row));
  to.pragma('foreign_keys = OFF');
  to.transaction(() => {
    for (const row of from.prepare('SELECT * FROM companies WHERE id = ?').all(companyId) as Record<
      string,
      unknown
    >[])
      insert('companies', row);
    for (const table of ['products', 'short_links', 'tracking_entries'])
      for (const row of from.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[])
        insert(table, row);
  })();
}

/** The public answers on a SQLite connection of the test's own, as the composition root builds them. */
const answersOn = (sqlite: Sqlite, options: SqliteSourceOptions) =>
  createPublicAnswers({
    source: createSqliteAnswerSource(sqlite, options),
    feed: createSqliteChangeFeed(sqlite),
  });

describe.skipIf(engine !== 'sqlite')(
  '[GUEST][REST][perf] the stored public answers (SQLite only: the answers file beside the database, decision 145)',
  () => {
    it('are built between requests after start, and a miss is then answered from the store byte for byte', async () => {
      const { api, caller, store } = await world();
      // Quotes, backslashes, control characters, tone marks, an emoji, markup: every escape JSON has.
      const awkward = 'Mật "ong" \\ rừng\tU Minh\n</script><!-- \u0001 🐝';
      const product = await caller.products.create({
        name: awkward,
        status: 'ACTIVE',
        tags: ['rừng', 'a"b'],
        trackings: [
          { activity: 'Khai thác', location: 'U Minh', date: '2026-03-20', description: awkward },
          { activity: 'Đóng hũ', location: '', date: '2026-03-21', description: '' },
        ],
      });
      for (let turn = 0; turn < 50 && !store.settled; turn++) await new Promise((r) => setImmediate(r));
      expect(store.settled).toBe(true);
      const row = store.read(product.qr_code);
      expect(row).toBeDefined();
      const company = (
        await api.deps.db.select().from(companies).where(eq(companies.id, product.companyId))
      )[0]!;
      const workspace = await caller.products.get({ id: product.id });
      expect(new TextDecoder().decode(row![3])).toBe(
        JSON.stringify({
          ...workspace,
          languages: company.languages,
          company: toPublicCompany(company),
          lot: null,
          recalledLots: [],
        }),
      );
      const answer = await api.call('GET', `/products/qr-codes/${product.qr_code}`);
      expect(answer.text).toBe(
        JSON.stringify({
          statusCode: 200,
          message: vi.api.ok,
          data: {
            ...workspace,
            languages: company.languages,
            company: toPublicCompany(company),
            lot: null,
            recalledLots: [],
          },
        }),
      );
    });

    it('a stored row made stale by any write is not served, and is stored again fresh', async () => {
      const { api, product, store, resolve, stored } = await world();
      const { sqlite } = api.deps;
      type Answer = { name: string; trackings: Array<{ activity: string }>; company: { name: string } };
      const writes: Array<[string, () => unknown, (data: Answer) => void]> = [
        [
          'product',
          () => sqlite.prepare('UPDATE products SET name = ? WHERE id = ?').run('Tên mới', product.id),
          (d) => expect(d.name).toBe('Tên mới'),
        ],
        [
          'timeline',
          () =>
            sqlite
              .prepare('UPDATE tracking_entries SET activity = ? WHERE product_id = ?')
              .run('Sấy', product.id),
          (d) => expect(d.trackings[0]?.activity).toBe('Sấy'),
        ],
        [
          'company',
          () =>
            sqlite.prepare('UPDATE companies SET name = ? WHERE id = ?').run('HTX mới', product.companyId),
          (d) => expect(d.company.name).toBe('HTX mới'),
        ],
      ];
      for (const [what, write, check] of writes) {
        store.settle();
        expect(stored(), what).toBeDefined();
        write();
        // Stale at once, before the store catches up: the live statement answers.
        expect(stored(), what).toBeUndefined();
        check((await resolve()).body.data);
        store.settle();
        check(stored());
      }
      // Taken out of the public: gone at once, and not stored again.
      store.settle();
      sqlite.prepare("UPDATE products SET status = 'INACTIVE' WHERE id = ?").run(product.id);
      expect((await resolve()).status).toBe(404);
      store.settle();
      expect(stored()).toBeUndefined();
      expect((await resolve()).status).toBe(404);
    });

    it('a code moved to another product leads to it, from the store too', async () => {
      const { api, create, product, store, resolve, stored } = await world();
      const other = await create('Mật ong U Minh');
      const printed = generateCode();
      api.deps.sqlite
        .prepare('INSERT INTO short_links (code, product_id, company_id, created_at) VALUES (?, ?, ?, ?)')
        .run(printed, product.id, product.companyId, Date.now());
      store.settle();
      expect(stored(printed).id).toBe(product.id);
      expect((await resolve(printed)).body.data.id).toBe(product.id);
      api.deps.sqlite.prepare('UPDATE short_links SET product_id = ? WHERE code = ?').run(other.id, printed);
      expect((await resolve(printed)).body.data.id).toBe(other.id);
      store.settle();
      expect(stored(printed).id).toBe(other.id);
      api.deps.sqlite.prepare('DELETE FROM short_links WHERE code = ?').run(printed);
      store.settle();
      expect(stored(printed)).toBeUndefined();
      expect((await resolve(printed)).status).toBe(404);
    });

    it('stores nothing while a transaction is open on the connection, so a rolled-back write is never stored', async () => {
      const { api, product, store, stored } = await world();
      const { sqlite } = api.deps;
      store.settle();
      sqlite.exec('BEGIN');
      sqlite.prepare('UPDATE products SET name = ? WHERE id = ?').run('Chưa lưu', product.id);
      store.settle();
      expect(store.settled).toBe(false);
      expect(stored()).toBeUndefined();
      sqlite.exec('ROLLBACK');
      store.settle();
      expect(stored().name).toBe('Cà phê Arabica Cầu Đất');
    });

    it('keeps up with many writes in a row (an import), answering fresh at every step', async () => {
      const { caller, create, store, resolve, stored } = await world();
      const products = await Promise.all(Array.from({ length: 20 }, (_, i) => create(`Sản phẩm ${i}`)));
      for (let round = 0; round < 3; round++) {
        await Promise.all(
          products.map((p, i) => caller.products.update({ id: p.id, name: `Sản phẩm ${i} v${round}` })),
        );
        // Some turns of the event loop: part of the store may have caught up, never with an old name.
        await new Promise((r) => setImmediate(r));
        for (const [i, p] of products.entries()) {
          expect((await resolve(p.qr_code)).body.data.name).toBe(`Sản phẩm ${i} v${round}`);
          const row = stored(p.qr_code);
          if (row) expect(row.name).toBe(`Sản phẩm ${i} v${round}`);
        }
      }
      store.settle();
      for (const [i, p] of products.entries()) expect(stored(p.qr_code).name).toBe(`Sản phẩm ${i} v2`);
    });

    it('is built again at each start, so a write made while the app was down is never served stale', async () => {
      const dir = mkdtempSync(join(tmpdir(), 'stored-answers-'));
      dirs.push(dir);
      const path = join(dir, 'app.db');
      const settings = { publicUrl: 'https://example.test' };
      const first = createDb(path);
      const { api, product } = await world();
      copyAnswerRows(api.deps.sqlite, first.sqlite, product.companyId);
      const answers = answersOn(first.sqlite, settings);
      answers.store.settle();
      expect(answers.store.read(product.qr_code)).toBeDefined();
      answers.close();
      first.sqlite.close();

      const other = new Database(path);
      other.prepare('UPDATE products SET name = ? WHERE id = ?').run('Đổi khi app tắt', product.id);
      other.close();

      const second = createDb(path);
      const again = answersOn(second.sqlite, settings);
      expect(again.store.read(product.qr_code)).toBeUndefined();
      expect(dataOf<{ name: string }>((await again.answer('product', product.qr_code))!).name).toBe(
        'Đổi khi app tắt',
      );
      again.store.settle();
      const row = again.store.read(product.qr_code);
      expect(JSON.parse(new TextDecoder().decode(row![3])).name).toBe('Đổi khi app tắt');
      again.close();
      second.sqlite.close();
    });

    it('give their file up on a full disk and are made again once it has room, never serving a stale row (decision 181)', async () => {
      const dir = smallDisk(8);
      const path = join(dir, 'app.db');
      const settings = { publicUrl: 'https://example.test' };
      const { api, caller, product } = await world();
      // Answers of ~6 kB each: 120 of them need more room than the disk has left.
      const long = (i: number) => `Bước ${i}: `.padEnd(1800, 'ghi chép đồng ruộng ');
      const codes = [product.qr_code];
      for (let i = 0; i < 120; i++) {
        const made = await caller.products.create({
          name: `Sản phẩm ${i}`,
          status: 'ACTIVE',
          trackings: [1, 2, 3].map((n) => ({
            activity: `Bước ${n}`,
            location: 'Lâm Đồng',
            date: '2026-10-01',
            description: long(i),
          })),
        });
        codes.push(made.qr_code);
      }
      const db = createDb(path);
      copyAnswerRows(api.deps.sqlite, db.sqlite, product.companyId);
      db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
      const free = fillDisk(dir, 256 * 1024);
      const warnings: unknown[] = [];
      const answers = answersOn(db.sqlite, {
        ...settings,
        logger: { info: () => {}, warn: (o: unknown) => warnings.push(o) },
        store: { reserveBytes: 0, retryMs: 50 },
      });
      // The build meets the full disk: nothing thrown, the file given up, every code still answered live.
      expect(() => answers.store.settle()).not.toThrow();
      expect(warnings).toContainEqual(
        expect.objectContaining({ event: 'answers.store_failed', diskFull: true }),
      );
      expect(existsSync(`${path}-answers`)).toBe(false);
      expect(answers.store.read(codes[5]!)).toBeUndefined();
      expect(dataOf<{ name: string }>((await answers.answer('product', codes[5]!))!).name).toBe('Sản phẩm 4');
      // A write while the store is down is seen at once, and after the store is back.
      db.sqlite.prepare('UPDATE products SET name = ? WHERE qr_code = ?').run('Đổi khi đĩa đầy', codes[7]);
      expect(dataOf<{ name: string }>((await answers.answer('product', codes[7]!))!).name).toBe(
        'Đổi khi đĩa đầy',
      );

      free();
      await new Promise((r) => setTimeout(r, 100));
      answers.store.settle();
      expect(answers.store.settled).toBe(true);
      for (const [i, code] of codes.entries()) {
        const row = answers.store.read(code);
        const name = i === 0 ? product.name : i === 7 ? 'Đổi khi đĩa đầy' : `Sản phẩm ${i - 1}`;
        expect(JSON.parse(new TextDecoder().decode(row![3])).name).toBe(name);
      }
      answers.close();
      db.sqlite.close();
    });

    it('keeps a stored answer in memory only when its code is asked a second time (decision 146)', async () => {
      const { api, store, product, resolve } = await world();
      for (let turn = 0; turn < 50 && !store.settled; turn++) await new Promise((r) => setImmediate(r));
      const answers = api.deps.publicAnswers;
      const before = answers.size;
      expect((await resolve()).body.data.id).toBe(product.id);
      expect(answers.size).toBe(before);
      expect((await resolve()).body.data.id).toBe(product.id);
      expect(answers.size).toBe(before + 1);
      // Kept from then on: a third ask reads nothing from the store.
      const read = store.read.bind(store);
      let reads = 0;
      store.read = (code: string) => {
        reads++;
        return read(code);
      };
      expect((await resolve()).body.data.id).toBe(product.id);
      expect(reads).toBe(0);
    });
  },
);
