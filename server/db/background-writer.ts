import { startWorkerModule } from '#server/lib/worker-module.ts';
import type { BackgroundWorkerData, FromBackgroundWorker, ToBackgroundWorker } from './background-worker.ts';
import { SCAN_EVENT_INSERT, type ScanRow } from './scan-events.ts';

/**
 * A worker thread with its own SQLite connection for the work that must not stall the event loop:
 *
 * - **WAL checkpoints.** A checkpoint copies the WAL back into the database file and syncs it; run by
 *   the committing connection (SQLite's automatic checkpoint) it stalled the scan path (decision 070,
 *   figures in bench/RESULTS.md). The worker runs a PASSIVE one every second (it never blocks
 *   writers); the main connection's automatic checkpoint stays as a safety net at a larger size.
 * - **Scan events.** Each public resolve adds a row with three indexes and two foreign keys to a large
 *   table; written on the main thread that was a large share of the scan path's time. Batches are
 *   posted here and written in one transaction each; the main thread only waits when it asks to
 *   (shutdown, statistics).
 *
 * The thread is the TypeScript module server/db/background-worker.ts (type-checked and linted like the
 * rest), started through startWorkerModule. A row whose product was deleted before it was written
 * fails its foreign key and is dropped alone.
 */
export { SCAN_EVENT_INSERT, type ScanRow };

export interface BackgroundWriter {
  /** Resolves once the rows are committed. */
  writeScans(rows: ScanRow[]): Promise<void>;
  stop(): Promise<void>;
}

export function startBackgroundWriter(
  path: string,
  options: { synchronous: 'NORMAL' | 'FULL'; checkpointMs?: number },
): BackgroundWriter {
  const workerData: BackgroundWorkerData = {
    path,
    synchronous: options.synchronous,
    checkpointMs: options.checkpointMs ?? 1000,
  };
  const worker = startWorkerModule('background-worker', new URL('./background-worker.ts', import.meta.url), {
    workerData,
    resourceLimits: { maxYoungGenerationSizeMb: 8 },
  });
  const send = (m: ToBackgroundWorker) => worker.postMessage(m);
  worker.unref();
  let nextId = 0;
  const waiting = new Map<number, () => void>();
  let stopped: (() => void) | undefined;
  worker.on('message', (m: FromBackgroundWorker) => {
    if (m.type === 'done') {
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
        send({ type: 'scans', id, rows });
      });
    },
    stop: () =>
      new Promise((resolve) => {
        stopped = () => {
          stopped = undefined;
          worker.terminate().then(
            () => resolve(),
            () => resolve(),
          );
        };
        send({ type: 'stop' });
      }),
  };
}
