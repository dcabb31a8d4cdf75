import type { Worker } from 'node:worker_threads';
import type { DiskWatch } from '#server/lib/disk-full.ts';
import { startWorkerModule } from '#server/lib/worker-module.ts';
import type { Logger } from '#server/logger.ts';
import type { BackgroundWorkerData, FromBackgroundWorker, ToBackgroundWorker } from './background-worker.ts';
import { windowRows } from './pg-scan-windows.ts';
import type { ScanRow } from './scan-events.ts';

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
 *
 * On a full disk (decision 181) the rows the thread could not write come back and are held here, added
 * together per product, user, device, lot and minute (the statistics count days), at most HELD_MAX of
 * them, and offered again every `retryMs` until the disk has room: a full disk costs the statistics
 * nothing unless it outlasts the process or the bound. A thread that dies is started again.
 *
 * The thread starts with the first rows, or `startDelayMs` after this call: booting a second JavaScript
 * runtime was a large share of the release's start-up CPU (bench/RESULTS.md), and nothing needs it before the
 * server listens (the main connection's own checkpoint covers the first second).
 */
export type { ScanRow };

export interface BackgroundWriter {
  /** Resolves once the rows are committed, or held to be written later (a full disk, a thread starting again). */
  writeScans(rows: ScanRow[]): Promise<void>;
  stop(): Promise<void>;
}

export interface BackgroundWriterOptions {
  synchronous: 'NORMAL' | 'FULL';
  checkpointMs?: number;
  /** How often rows the disk had no room for are offered again (default 5 s). */
  retryMs?: number;
  logger?: Pick<Logger, 'warn' | 'error'>;
  disk?: Pick<DiskWatch, 'sawFull'>;
  /** How long after this call the thread starts if no rows came first (default 1 s). */
  startDelayMs?: number;
}

/** Rows held while the disk is full: a window per minute and key, so hours of a storm fit in a few MB. */
const HELD_MAX = 50_000;
const HELD_WINDOW_MS = 60_000;

export function startBackgroundWriter(path: string, options: BackgroundWriterOptions): BackgroundWriter {
  const workerData: BackgroundWorkerData = {
    path,
    synchronous: options.synchronous,
    checkpointMs: options.checkpointMs ?? 1000,
  };
  const retryMs = options.retryMs ?? 5_000;
  let nextId = 0;
  const waiting = new Map<number, () => void>();
  let stopped: (() => void) | undefined;
  let stopping = false;
  let held: ScanRow[] = [];
  let dropped = 0;
  let retry: NodeJS.Timeout | undefined;

  const hold = (rows: ScanRow[]) => {
    held = windowRows([...held, ...rows], HELD_WINDOW_MS);
    if (held.length > HELD_MAX) {
      dropped += held.length - HELD_MAX;
      held.length = HELD_MAX;
      options.logger?.error(
        { event: 'scan.held_dropped', dropped, held: HELD_MAX },
        'the disk is still full: scan events beyond the held bound are dropped',
      );
    }
    retry ??= setTimeout(() => {
      retry = undefined;
      const rows = held;
      held = [];
      if (rows.length) void send(rows);
    }, retryMs).unref();
  };

  const start = (): Worker => {
    const w = startWorkerModule('background-worker', new URL('./background-worker.ts', import.meta.url), {
      workerData,
      resourceLimits: { maxYoungGenerationSizeMb: 8 },
    });
    w.unref();
    w.on('message', (m: FromBackgroundWorker) => {
      if (m.type === 'done') {
        if (m.unwritten?.length) {
          options.disk?.sawFull('scan events');
          hold(m.unwritten);
        }
        waiting.get(m.id)?.();
        waiting.delete(m.id);
      } else if (m.type === 'stopped') stopped?.();
    });
    let gone = false;
    const died = (err?: unknown) => {
      if (gone) return;
      gone = true;
      // Batches in flight were not acknowledged: their waiters are released (statistics, decision 076).
      for (const done of waiting.values()) done();
      waiting.clear();
      if (stopping) return stopped?.();
      alive = false;
      options.logger?.error(
        { event: 'background.died', err },
        'background writer thread stopped: started again in 1 s',
      );
      setTimeout(() => {
        if (!stopping) worker = start();
      }, 1_000).unref();
    };
    w.once('error', died);
    w.once('exit', () => died());
    alive = true;
    return w;
  };
  let alive = false;
  let worker: Worker | undefined;
  const begin = () => {
    if (!worker && !stopping) worker = start();
  };
  const delayed = setTimeout(begin, options.startDelayMs ?? 1_000).unref();

  const send = (rows: ScanRow[]): Promise<void> => {
    begin();
    const w = worker;
    if (!alive || !w) {
      hold(rows);
      return Promise.resolve();
    }
    const id = nextId++;
    return new Promise<void>((resolve) => {
      waiting.set(id, resolve);
      w.postMessage({ type: 'scans', id, rows } satisfies ToBackgroundWorker);
    });
  };

  return {
    writeScans: send,
    async stop() {
      clearTimeout(delayed);
      if (retry) clearTimeout(retry);
      retry = undefined;
      // One last try for the rows held on a full disk; what still has no room is counted in the log.
      const last = held;
      held = [];
      if (last.length) await send(last);
      if (retry) clearTimeout(retry);
      if (held.length) {
        options.logger?.error(
          { event: 'scan.lost', rows: held.length, scans: held.reduce((n, r) => n + r[5], 0) },
          'the disk is full at shutdown: held scan events are lost',
        );
      }
      stopping = true;
      const w = worker;
      if (!alive || !w) return;
      await new Promise<void>((resolve) => {
        stopped = () => {
          stopped = undefined;
          w.terminate().then(
            () => resolve(),
            () => resolve(),
          );
        };
        w.postMessage({ type: 'stop' } satisfies ToBackgroundWorker);
      });
    },
  };
}
