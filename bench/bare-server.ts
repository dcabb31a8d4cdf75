/**
 * The ceiling: a bare Hono route answering a small JSON on @hono/node-server, nothing else. Two more bare
 * routes are references for the serial verdict's bench (serial-verdict.ts), not ceilings: `/page` answers
 * a page of a verdict page's size, and `/page-write` the same after inserting one row into a SQLite file
 * (WAL, synchronous NORMAL, prepared once) into a table shaped as serial_opens with its three indexes:
 * what a counted open costs at the least, with no app around it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import Database from 'better-sqlite3';
import { Hono } from 'hono';

const PAGE = `<!doctype html><html lang="vi"><head><meta charset="utf-8"><title>Sản phẩm đã được xác thực</title></head><body>${'<p>Sản phẩm đã được xác thực 8 lần. Lần đầu: 11:26 28/11/2026</p>'.repeat(21)}</body></html>`;

let insert: ((at: number) => void) | undefined;
let dir: string | undefined;
function openTable() {
  dir = mkdtempSync(join(tmpdir(), 'txng-bare-'));
  const db = new Database(join(dir, 'bare.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE opens (id INTEGER PRIMARY KEY, batch_id INTEGER NOT NULL, seq INTEGER NOT NULL,
    company_id INTEGER NOT NULL, browser TEXT NOT NULL, province TEXT, province_approximate INTEGER NOT NULL, at INTEGER NOT NULL);
    CREATE INDEX opens_item_at ON opens (batch_id, seq, at); CREATE INDEX opens_company_at ON opens (company_id, at);
    CREATE INDEX opens_at ON opens (at);`);
  const statement = db.prepare(
    'INSERT INTO opens (batch_id, seq, company_id, browser, province, province_approximate, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  let n = 0;
  return (at: number) => {
    n++;
    statement.run(1, n % 1000, 1, `browser-${n}-xxxxxxxxxxxx`, null, 1, at);
  };
}

const app = new Hono();
app.get('/ping', (c) => c.json({ ok: true }));
app.get('/page', (c) => c.html(PAGE));
app.get('/page-write', (c) => {
  insert ??= openTable();
  insert(Date.now());
  return c.html(PAGE);
});
process.on('exit', () => dir && rmSync(dir, { recursive: true, force: true }));
process.on('SIGTERM', () => process.exit(0));
serve({ fetch: app.fetch, port: Number(process.argv[2] ?? 3901), hostname: '127.0.0.1' }, () =>
  console.log('ready'),
);
