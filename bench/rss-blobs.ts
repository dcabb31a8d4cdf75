/**
 * Where the main malloc arena's growth over a whole-catalogue storm comes from: the stored answers (decision
 * 145) read 130,000 times at random, as a miss of the public answers reads them, in one of three ways, each in
 * a fresh process, and the arena (`[heap]` in /proc/self/smaps) read before and after, and after a full
 * collection. `blob`: the row's data as better-sqlite3 gives a BLOB (a Buffer of its own, malloc'd, per
 * read), as the app reads it; `text`: the same column as TEXT (a V8 string, in V8's own heap); `none`: the
 * product and company ids only; `blobenv` and `textenv`: each with the REST envelope made around it, as a
 * miss is answered (Buffer.concat, from node's shared pool). Figures only.
 *
 *   MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=131072 node --max-semi-space-size=8 --expose-gc --import tsx \
 *     bench/rss-blobs.ts <dataset dir, from bench/seed.ts> blob|blobenv|text|textenv|none
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAppDeps } from '#server/compose.ts';
import { sqliteOf } from '#server/db/store.ts';
import { loadSettings } from '#server/env.ts';
import { createLogger } from '#server/logger.ts';
import { createMemoryMailer } from '#server/mail/mailer.ts';

const [dataset = 'bench/.data', how = 'blob'] = process.argv.slice(2);
const codes = readFileSync(join(dataset, 'codes.txt'), 'utf8').split('\n').filter(Boolean);
const dir = mkdtempSync(join(tmpdir(), 'txng-rss-blobs-'));
copyFileSync(join(dataset, 'app.db'), join(dir, 'app.db'));
const settings = loadSettings({
  NODE_ENV: 'production',
  DATA_DIR: dir,
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
  LOG_LEVEL: 'warn',
  PUBLIC_URL: 'http://127.0.0.1:3902',
});
const composed = await createAppDeps(settings, createLogger('warn'), {
  sqlitePath: join(dir, 'app.db'),
  mailer: createMemoryMailer(),
  backgroundWriter: true,
});
await composed.start(async () => undefined);
composed.deps.publicAnswers.store.settle();
const sqlite = sqliteOf(composed.deps.store);
const column = {
  blob: 'data',
  blobenv: 'data',
  text: 'CAST(data AS TEXT)',
  textenv: 'CAST(data AS TEXT)',
  none: 'product_id + company_id',
}[how];
if (!column) throw new Error('blob, blobenv, text, textenv or none');
// `…env`: the REST envelope made around it as the edge makes a miss's (server/edge/envelope.ts's okBytes).
const BEFORE = Buffer.from('{"statusCode":200,"message":"OK","data":');
const AFTER = Buffer.from('}');
const envelope =
  how === 'blobenv'
    ? (v: Uint8Array) => Buffer.concat([BEFORE, v, AFTER])
    : how === 'textenv'
      ? (v: string) => Buffer.concat([BEFORE, Buffer.from(v), AFTER])
      : (v: unknown) => v;
const read = sqlite.prepare(`SELECT ${column} FROM answers.stored WHERE code = ?`).pluck();

function heapMb(): number {
  let kb = 0;
  let current = '';
  for (const line of readFileSync('/proc/self/smaps', 'utf8').split('\n')) {
    if (/^[0-9a-f]+-[0-9a-f]+ /.test(line)) current = line;
    else if (line.startsWith('Rss:') && current.endsWith('[heap]')) kb += Number(line.split(/\s+/)[1]);
  }
  return kb / 1024;
}
const gc = (globalThis as { gc?: () => void }).gc;
const report = (label: string) => {
  const m = process.memoryUsage();
  console.log(
    `${how.padEnd(5)} ${label.padEnd(22)} rss ${(m.rss / 2 ** 20).toFixed(1).padStart(6)}  [heap] ${heapMb().toFixed(1).padStart(6)}  heapUsed ${(m.heapUsed / 2 ** 20).toFixed(1).padStart(5)}  arrayBuffers ${(m.arrayBuffers / 2 ** 20).toFixed(1).padStart(5)}`,
  );
};
gc?.();
report('before, gc');
let seed = 42;
let length = 0;
for (let i = 0; i < 130_000; i++) {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  const v = envelope(read.get(codes[Math.floor((seed / 2 ** 31) * codes.length)]) as never) as
    | { length?: number }
    | number;
  length += typeof v === 'number' ? 1 : (v.length ?? 0);
  if (i % 1000 === 999) await new Promise((r) => setImmediate(r));
}
report('after 130,000 reads');
gc?.();
report('after, gc');
console.log(`      (${(length / 2 ** 20).toFixed(0)} M units read)`);
await composed.close();
rmSync(dir, { recursive: true, force: true });
