import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { olderDatabase } from '#tests/helpers/migrations.ts';

/**
 * Decision 214's migration on a database the released version filled, on SQLite (PostgreSQL's was run by
 * hand on a filled database, bench/RESULTS.md): the opens, states and reports that named an item by
 * serials.id name it by batch and seq afterwards, and the serials keep every row.
 */
const dir = mkdtempSync(join(tmpdir(), 'txng-serials-narrow-'));

/** How many migrations to leave out for a database just before 0019: that one and every one made after it. */
const fromNarrow = () => {
  const { entries } = JSON.parse(readFileSync('drizzle/meta/_journal.json', 'utf8')) as { entries: { tag: string }[] };
  return entries.length - entries.findIndex((e) => e.tag === '0019_serials_narrow');
};
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('[serials] migration 0019: serials keyed by batch and seq (sqlite)', () => {
  it('[serials]: every item row keeps its item through the old id', () => {
    const path = join(dir, 'app.db');
    olderDatabase(path, fromNarrow());
    const db = new Database(path);
    db.pragma('foreign_keys = OFF');
    db.exec(`INSERT INTO serial_batches (id, company_id, product_id, count, status, generated, pin_key, created_at)
      VALUES (7, 1, 1, 3, 'READY', 3, 'k', 0), (8, 1, 1, 2, 'READY', 2, 'k', 0)`);
    // Ids that do not follow the seqs, as two batches written in turn leave them.
    db.exec(`INSERT INTO serials (id, batch_id, seq, serial) VALUES
      (101, 7, 1, 'AAAAAAAAAAA2'), (102, 8, 1, 'BBBBBBBBBBB2'), (103, 7, 2, 'AAAAAAAAAAA3'),
      (104, 8, 2, 'BBBBBBBBBBB3'), (105, 7, 3, 'AAAAAAAAAAA4')`);
    db.exec(
      `INSERT INTO serial_states (id, serial_id, batch_id, company_id, count) VALUES (1, 103, 7, 1, 4), (2, 104, 8, 1, 1)`,
    );
    db.exec(
      `INSERT INTO serial_opens (id, serial_id, company_id, browser, at) VALUES (1, 103, 1, 'b1', 0), (2, 104, 1, 'b2', 0)`,
    );
    db.exec(`INSERT INTO serial_reports (id, company_id, serial_id, serial_text, shop_name, created_at) VALUES
      (1, 1, 105, 'AAAAAAAAAAA4', 'Shop', 0), (2, 1, NULL, 'ZZZZZZZZZZZZ', 'Shop', 0)`);
    migrate(drizzle(db), { migrationsFolder: 'drizzle' });
    expect(db.prepare('SELECT batch_id, seq, serial FROM serials ORDER BY batch_id, seq').all()).toEqual([
      { batch_id: 7, seq: 1, serial: 'AAAAAAAAAAA2' },
      { batch_id: 7, seq: 2, serial: 'AAAAAAAAAAA3' },
      { batch_id: 7, seq: 3, serial: 'AAAAAAAAAAA4' },
      { batch_id: 8, seq: 1, serial: 'BBBBBBBBBBB2' },
      { batch_id: 8, seq: 2, serial: 'BBBBBBBBBBB3' },
    ]);
    expect(db.prepare('SELECT id, batch_id, seq, count FROM serial_states ORDER BY id').all()).toEqual([
      { id: 1, batch_id: 7, seq: 2, count: 4 },
      { id: 2, batch_id: 8, seq: 2, count: 1 },
    ]);
    expect(db.prepare('SELECT id, batch_id, seq, browser FROM serial_opens ORDER BY id').all()).toEqual([
      { id: 1, batch_id: 7, seq: 2, browser: 'b1' },
      { id: 2, batch_id: 8, seq: 2, browser: 'b2' },
    ]);
    expect(db.prepare('SELECT id, batch_id, seq, serial_text FROM serial_reports ORDER BY id').all()).toEqual(
      [
        { id: 1, batch_id: 7, seq: 3, serial_text: 'AAAAAAAAAAA4' },
        { id: 2, batch_id: null, seq: null, serial_text: 'ZZZZZZZZZZZZ' },
      ],
    );
    const columns = (table: string) =>
      (db.prepare(`SELECT name FROM pragma_table_info('${table}')`).all() as { name: string }[]).map(
        (c) => c.name,
      );
    expect(columns('serials')).toEqual(['batch_id', 'seq', 'serial']);
    expect(columns('serial_states')).not.toContain('serial_id');
    db.close();
  });
});
