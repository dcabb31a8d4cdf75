import { availableParallelism } from 'node:os';
import { AppError } from '#server/errors.ts';
import { type BudgetedPool, createBudgetedPool } from '#server/lib/budgeted-pool.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { DecodeJob, DecodeResult } from './decode-worker.ts';
import type { CheckedPhoto } from './scan-photo.ts';

/**
 * Image decoding off the main thread (decisions 081, 120, 175): a budgeted pool of worker threads
 * (server/lib/budgeted-pool.ts). A job is a checked photo's bytes (type, size, declared pixels); the
 * answer is the codes found in it. A full queue answers 503 with Retry-After at once; a photo that
 * passes the thread's heap or the deadline is a 413 and its thread is replaced.
 *
 * One thread per core the event loop does not need runs heavy photos (large PNGs, HEIC: decoded whole);
 * one more is kept for light ones (a phone's JPEG shrinks while it loads), so a stream of large photos
 * from one address never makes everyone else's scan wait. The threads do their own work: libvips runs
 * one thread per image (sharp's default on this platform, kept in decode-qr.ts).
 */
export interface DecodePool {
  decode(bytes: Uint8Array, photo: Pick<CheckedPhoto, 'kind' | 'heavy'>): Promise<string[]>;
  close(): Promise<void>;
}

export interface DecodePoolOptions {
  /** Threads for heavy photos (one more is kept for light ones). */
  heavyWorkers?: number;
  maxWaiting?: number;
  /** A job longer than this ends its thread (a new one takes its place) and is refused. */
  deadlineMs?: number;
}

/** One core stays with the event loop (health, sign-ins, the scan path); at least one thread. */
export const DECODE_WORKERS = Math.max(1, availableParallelism() - 1);
/**
 * The longest a decode may take: a 6,300 x 6,300 PNG (40 MP, decoded whole) takes well under a
 * second, a 24 MP HEIC under two on this machine's class (bench/RESULTS.md).
 */
export const DECODE_DEADLINE_MS = 10_000;

export function createDecodePool(options: DecodePoolOptions = {}): DecodePool {
  const heavy = options.heavyWorkers ?? DECODE_WORKERS;
  const pool: BudgetedPool<DecodeJob, DecodeResult> = createBudgetedPool({
    worker: { name: 'decode-worker', source: new URL('./decode-worker.ts', import.meta.url) },
    workers: heavy + 1,
    reservedForLight: 1,
    maxWaiting: options.maxWaiting ?? 8 * heavy,
    deadlineMs: options.deadlineMs ?? DECODE_DEADLINE_MS,
    // The pixels live outside the JavaScript heap (libvips' buffers, WebAssembly memory): this bounds the rest.
    heapMb: 128,
    // A thread whose decoder's WebAssembly heap grew for a large photo gives it back (decision 120).
    retainMb: 96,
    // A thread is about 30-40 MB after a phone's photo; what a storm of large ones left goes once it is over.
    idleRetainMb: 48,
    idleMs: 5_000,
    retryAfterSeconds: 5,
    busyMessage: vi.scan.decodeBusy,
    overBudget: () => new AppError('PAYLOAD_TOO_LARGE', vi.scan.decodeTooCostly),
  });
  return {
    async decode(bytes, photo) {
      // null: the thread could not read the file; to the caller that is "no code found".
      return (await pool.run({ bytes, kind: photo.kind }, { heavy: photo.heavy })) ?? [];
    },
    close: () => pool.close(),
  };
}
