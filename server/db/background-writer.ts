import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * A worker thread with its own SQLite connection for the work that must not stall the event loop:
 *
 * - **WAL checkpoints.** A checkpoint copies the WAL back into the database file and syncs it; run by
 *   the committing connection (SQLite's automatic checkpoint) it stalled the scan path for up to
 *   ~300 ms. The worker runs a PASSIVE one every second (it never blocks writers); the main
 *   connection's automatic checkpoint stays as a safety net at a larger size.
 * - **Scan events.** Each public resolve adds a row with three indexes and two foreign keys to a large
 *   table; written on the main thread that was a quarter of the scan path's time. Batches are posted
 *   here and written in one transaction each; the main thread only waits when it asks to (shutdown,
 *   statistics).
 *
 * Rows are [productId, companyId, userId, device, createdAt, scans]. A row whose product was deleted
 * before it was written fails its foreign key and is dropped alone.
 */
/** The one statement a scan event is written with, on the worker or on the main connection. */
export const SCAN_EVENT_INSERT =
  'INSERT INTO scan_events (product_id, company_id, user_id, device, created_at, scans, lot_id) VALUES (?, ?, ?, ?, ?, ?, ?)';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
db.pragma('foreign_keys = ON');
db.pragma('synchronous = ' + workerData.synchronous);
const insert = db.prepare(${JSON.stringify(SCAN_EVENT_INSERT)});
const writeAll = db.transaction((rows) => { for (const r of rows) insert.run(r[0], r[1], r[2], r[3], r[4], r[5], r[6]); });
function write(rows) {
  try { writeAll(rows); } catch { for (const r of rows) { try { insert.run(r[0], r[1], r[2], r[3], r[4], r[5], r[6]); } catch {} } }
}
const checkpoint = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} };
const timer = setInterval(checkpoint, workerData.checkpointMs);
parentPort.on('message', (m) => {
  if (m.type === 'scans') { write(m.rows); parentPort.postMessage({ type: 'done', id: m.id }); }
  else if (m.type === 'stop') { clearInterval(timer); checkpoint(); db.close(); parentPort.postMessage({ type: 'stopped' }); }
});
`;

export type ScanRow = [
  productId: number,
  companyId: number,
  userId: number | null,
  device: string,
  createdAt: number,
  /** how many scans of this product, by this user (or visitors) on this kind of device, the row stands for */
  scans: number,
  /** the lot whose own code was scanned (decision 126), or null */
  lotId: number | null,
];

export interface BackgroundWriter {
  /** Resolves once the rows are committed. */
  writeScans(rows: ScanRow[]): Promise<void>;
  stop(): Promise<void>;
}

export function startBackgroundWriter(
  path: string,
  options: { synchronous: 'NORMAL' | 'FULL'; checkpointMs?: number },
): BackgroundWriter {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: {
      path,
      synchronous: options.synchronous,
      checkpointMs: options.checkpointMs ?? 1000,
      driver: createRequire(import.meta.url).resolve('better-sqlite3'),
    },
  });
  worker.unref();
  let nextId = 0;
  const waiting = new Map<number, () => void>();
  let stopped: (() => void) | undefined;
  worker.on('message', (m: { type: string; id?: number }) => {
    if (m.type === 'done' && m.id !== undefined) {
      waiting.get(m.id)?.();
      waiting.delete(m.id);
    } else if (m.type === 'stopped') stopped?.();
  });
  const releaseAll = () => {
    for (const done of waiting.values()) done();
    waiting.clear();
    stopped?.();
  };
  worker.on('error', releaseAll);
  worker.on('exit', releaseAll);
  return {
    writeScans(rows) {
      const id = nextId++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ type: 'scans', id, rows });
      });
    },
    stop: () =>
      new Promise((resolve) => {
        stopped = () => {
          stopped = undefined;
          worker.terminate().then(() => resolve(), () => resolve());
        };
        worker.postMessage({ type: 'stop' });
      }),
  };
}
