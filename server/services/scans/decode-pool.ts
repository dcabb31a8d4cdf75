import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { startWorkerModule } from '#server/lib/worker-module.ts';
import { createWorkQueue } from '#server/security/work-queue.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { DecodeJob, DecodeReply } from './decode-worker.ts';
import type { PhotoKind } from './scan-photo.ts';

/**
 * Image decoding off the main thread (decision 081): a pool of worker threads, one per core the event
 * loop does not need, behind a bounded queue. A job is a photo's bytes (already checked: type, size,
 * declared pixels); the answer is the codes found in it. A full queue answers 503 with Retry-After at once.
 * Workers start on the first job and stay (the decoder's WebAssembly is loaded once per worker); one
 * that fails or hangs is replaced.
 */
export interface DecodePool {
  decode(bytes: Uint8Array, kind?: PhotoKind): Promise<string[]>;
  close(): Promise<void>;
}

export interface DecodePoolOptions {
  size?: number;
  maxWaiting?: number;
  /** A job longer than this ends its worker (a new one takes its place) and answers "no code". */
  jobTimeoutMs?: number;
}

/** One core stays with the event loop (health, sign-ins, the scan path); at least one worker. */
export const DECODE_WORKERS = Math.max(1, availableParallelism() - 1);

/** The worker module, found from the sources, the bundle or the release alike (server/lib/worker-module.ts). */
const startWorker = () => startWorkerModule('decode-worker', new URL('./decode-worker.ts', import.meta.url));

interface Slot {
  worker: Worker;
  busy: boolean;
}

export function createDecodePool(options: DecodePoolOptions = {}): DecodePool {
  const size = options.size ?? DECODE_WORKERS;
  const timeout = options.jobTimeoutMs ?? 30_000;
  const queue = createWorkQueue({
    concurrency: size,
    maxWaiting: options.maxWaiting ?? 8 * size,
    retryAfterSeconds: 5,
    message: vi.scan.decodeBusy,
  });
  const slots: Slot[] = [];
  let seq = 0;
  let closed = false;

  const freeSlot = (): Slot => {
    const idle = slots.find((s) => !s.busy);
    if (idle) return idle;
    const slot = { worker: startWorker(), busy: false };
    // The pool must not keep a finished process (a script, a test) alive.
    slot.worker.unref();
    slots.push(slot);
    return slot;
  };
  const retire = (slot: Slot) => {
    slots.splice(slots.indexOf(slot), 1);
    void slot.worker.terminate();
  };

  const runOn = (slot: Slot, bytes: Uint8Array, kind: PhotoKind) =>
    new Promise<string[] | null>((resolve) => {
      const id = ++seq;
      slot.busy = true;
      const done = (codes: string[] | null, broken: boolean) => {
        clearTimeout(timer);
        slot.worker.off('message', onMessage);
        slot.worker.off('error', onError);
        slot.worker.off('exit', onError);
        slot.busy = false;
        if (broken) retire(slot);
        resolve(codes);
      };
      const onMessage = (reply: DecodeReply) => {
        if (reply.id === id) done('codes' in reply ? reply.codes : null, false);
      };
      const onError = () => done(null, true);
      const timer = setTimeout(onError, timeout);
      slot.worker.on('message', onMessage);
      slot.worker.once('error', onError);
      slot.worker.once('exit', onError);
      slot.worker.postMessage({ id, bytes, kind } satisfies DecodeJob);
    });

  return {
    async decode(bytes, kind = 'sharp') {
      if (closed) throw new Error('decode pool closed');
      // null: the worker could not read the file or failed; to the caller that is "no code found".
      return (await queue.run(() => runOn(freeSlot(), bytes, kind))) ?? [];
    },
    async close() {
      closed = true;
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}
