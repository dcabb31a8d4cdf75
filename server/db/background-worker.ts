import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { isDiskFull } from '#server/lib/disk-full.ts';
import { SCAN_EVENT_INSERT, type ScanRow } from './scan-events.ts';

/**
 * The background writer's thread (server/db/background-writer.ts): its own SQLite connection, which
 * writes batches of scan events and runs a PASSIVE WAL checkpoint every `checkpointMs`.
 */
export interface BackgroundWorkerData {
  path: string;
  synchronous: 'NORMAL' | 'FULL';
  checkpointMs: number;
}
export type ToBackgroundWorker = { type: 'scans'; id: number; rows: ScanRow[] } | { type: 'stop' };
/** `unwritten`: the rows the disk had no room for, handed back to be written again later. */
export type FromBackgroundWorker = { type: 'done'; id: number; unwritten?: ScanRow[] } | { type: 'stopped' };

if (!parentPort) throw new Error('background-worker.ts runs as the background writer thread');
const port = parentPort;
const data = workerData as BackgroundWorkerData;

const db = new Database(data.path);
db.pragma('busy_timeout = 5000');
db.pragma('foreign_keys = ON');
db.pragma(`synchronous = ${data.synchronous === 'FULL' ? 'FULL' : 'NORMAL'}`);
const insert = db.prepare<ScanRow>(SCAN_EVENT_INSERT);
const writeAll = db.transaction((rows: ScanRow[]) => {
  for (const r of rows) insert.run(...r);
});

/** Writes the rows; answers those the disk had no room for (none are lost to a full disk). */
function write(rows: ScanRow[]): ScanRow[] {
  try {
    writeAll(rows);
    return [];
  } catch (err) {
    // The transaction was rolled back: on a full disk, every row goes back.
    if (isDiskFull(err)) return rows;
  }
  // One bad row (its product deleted before the batch was written: a foreign key) must not lose the
  // others: written one by one, the bad ones dropped alone.
  for (const [i, r] of rows.entries()) {
    try {
      insert.run(...r);
    } catch (err) {
      if (isDiskFull(err)) return rows.slice(i);
    }
  }
  return [];
}

const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // Busy or failed: the next tick (or SQLite's own automatic checkpoint) does it.
  }
};
const timer = setInterval(checkpoint, data.checkpointMs);

const reply = (m: FromBackgroundWorker) => port.postMessage(m);
port.on('message', (m: ToBackgroundWorker) => {
  if (m.type === 'scans') {
    const unwritten = write(m.rows);
    reply(unwritten.length ? { type: 'done', id: m.id, unwritten } : { type: 'done', id: m.id });
  } else if (m.type === 'stop') {
    clearInterval(timer);
    checkpoint();
    db.close();
    reply({ type: 'stopped' });
  }
});
