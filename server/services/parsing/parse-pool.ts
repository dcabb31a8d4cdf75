import { availableParallelism } from 'node:os';
import { AppError } from '#server/errors.ts';
import { createBudgetedPool } from '#server/lib/budgeted-pool.ts';
import type { EpcisValidation } from '#server/services/epcis/validate.ts';
import type { SheetRead } from '#server/services/productImport/sheet-limits.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { ParseJob, ParseResult, SheetColumns } from './parse-worker.ts';

/**
 * Reading what a company sends, off the main thread (decision 175): import spreadsheets (CSV, XLSX)
 * and EPCIS documents' schema checks run on a budgeted pool (server/lib/budgeted-pool.ts). A file past
 * the sheet limits is refused by the reader as soon as it is seen; one that still passes the thread's
 * heap or the deadline is a 413 and its thread is replaced; a full queue is a 503 with Retry-After.
 */
export interface ParsePool {
  readSheet(bytes: Uint8Array, maxRows: number, columns: SheetColumns): Promise<SheetRead>;
  checkEpcis(doc: unknown): Promise<EpcisValidation>;
  close(): Promise<void>;
}

export interface ParsePoolOptions {
  /** Threads for spreadsheets (one more is kept for EPCIS documents). */
  heavyWorkers?: number;
  maxWaiting?: number;
  deadlineMs?: number;
  heapMb?: number;
}

/**
 * The longest a file may take to read: a 100,000-row product file, the largest an import takes, is
 * read in a few seconds (bench/RESULTS.md).
 */
export const PARSE_DEADLINE_MS = 15_000;
/** Enough for the largest file an import takes, read into text cells, with room. */
export const PARSE_HEAP_MB = 384;

export function createParsePool(options: ParsePoolOptions = {}): ParsePool {
  const heavy = options.heavyWorkers ?? Math.max(1, availableParallelism() - 1);
  const pool = createBudgetedPool<ParseJob, ParseResult>({
    worker: { name: 'parse-worker', source: new URL('./parse-worker.ts', import.meta.url) },
    // Spreadsheets are heavy; an EPCIS document, once within its bounds, is checked in milliseconds on
    // the thread kept for light jobs, never behind a large file.
    workers: heavy + 1,
    reservedForLight: 1,
    maxWaiting: options.maxWaiting ?? 8 * heavy,
    deadlineMs: options.deadlineMs ?? PARSE_DEADLINE_MS,
    heapMb: options.heapMb ?? PARSE_HEAP_MB,
    // A thread that grew for a large file gives its memory back rather than keeping it for the next.
    retainMb: 64,
    // A thread is 10-30 MB after an everyday file; what a large import left goes once the imports stop.
    idleRetainMb: 32,
    idleMs: 5_000,
    retryAfterSeconds: 5,
    busyMessage: vi.workspaceImport.busy,
    overBudget: (job) =>
      new AppError(
        'PAYLOAD_TOO_LARGE',
        job.kind === 'epcis' ? vi.gs1.epcisTooCostly : vi.workspaceImport.tooCostly,
      ),
  });
  return {
    readSheet: (bytes, maxRows, columns) =>
      pool.run({ kind: 'sheet', bytes, maxRows, columns }, { heavy: true }) as Promise<SheetRead>,
    checkEpcis: (doc) => pool.run({ kind: 'epcis', doc }) as Promise<EpcisValidation>,
    close: () => pool.close(),
  };
}
