import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * WAL checkpoints on a worker thread with its own connection. A checkpoint copies the WAL back into the
 * database file and syncs it; run by the committing connection (SQLite's automatic checkpoint) it
 * stalled the event loop for up to ~300 ms under a scan storm, the whole p99 of the public path.
 * The worker runs a PASSIVE checkpoint every second (it never blocks writers); the main connection's
 * automatic checkpoint stays as a safety net at a larger size, should the worker ever fall behind.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
const tick = () => { try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {} };
const timer = setInterval(tick, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  tick();
  db.close();
  parentPort.postMessage('stopped');
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

export function startCheckpointer(path: string, intervalMs = 1000): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { path, intervalMs, driver: createRequire(import.meta.url).resolve('better-sqlite3') },
  });
  worker.unref();
  return {
    stop: () =>
      new Promise((resolve) => {
        const done = () => resolve();
        worker.once('message', () => worker.terminate().then(done, done));
        worker.once('error', done);
        worker.once('exit', done);
        worker.postMessage('stop');
      }),
  };
}
