import type { Worker } from 'node:worker_threads';
import { AppError, type AppErrorCode } from '#server/errors.ts';
import { startWorkerModule } from '#server/lib/worker-module.ts';
import { createWorkQueue } from '#server/security/work-queue.ts';
import { WORKER_READY, type WorkerReply, type WorkerRequest } from './budgeted-worker.ts';

/**
 * Work on untrusted input (a photo to decode, a spreadsheet to read, a document to validate) runs
 * here: on worker threads, never the event loop, each job within a budget (decision 175).
 *
 * - **Heap**: each thread has `resourceLimits`; a job that passes it ends its thread (V8 stops it) and
 *   is refused with `overBudget`, a Vietnamese 413, instead of growing the server.
 * - **Deadline**: a job still running after `deadlineMs` ends its thread the same way.
 * - **Queue**: at most `workers` jobs run and `maxWaiting` wait; a job that finds the queue full is a
 *   503 with Retry-After at once (server/security/work-queue.ts).
 * - **A lane for light jobs**: `reservedForLight` of the threads never run a heavy job, so a caller
 *   sending large files keeps at most the other threads busy, and small jobs still get their turn.
 * - **Memory back**: a thread whose heap (JavaScript and WebAssembly) is over `retainMb` after a job is
 *   replaced, so what a large job took is given back to the system rather than kept for the next one.
 *   Under that bound a busy thread keeps what it holds (the next job is likely as large); once the pool
 *   has run no job for `idleMs`, a thread holding more than `idleRetainMb` is replaced too, so a storm's
 *   leftovers do not stay with an idle server (decision 220).
 *
 * Threads start with the pool's first job (none while it is unused: a server that never imports keeps
 * none) and are replaced at once when retired or after any failure; `close()` ends them.
 */
export interface BudgetedPool<Job, Result> {
  run(job: Job, options?: { heavy?: boolean }): Promise<Result>;
  /** Threads alive, jobs running and waiting, what each thread held after its last job in MB (tests, logs). */
  readonly load: { threads: number; running: number; waiting: number; heldMb: number[] };
  close(): Promise<void>;
}

export interface BudgetedPoolOptions<Job> {
  /** The worker module: its key in SERVER_ENTRY_POINTS and its source (server/lib/worker-module.ts). */
  worker: { name: string; source: URL };
  workers: number;
  /** Threads kept for jobs not marked heavy (at most workers - 1). */
  reservedForLight?: number;
  /** Jobs that may wait, in each lane. */
  maxWaiting: number;
  deadlineMs: number;
  /** The V8 old-generation limit of each thread. */
  heapMb: number;
  /** A thread holding more than this after a job is replaced. */
  retainMb: number;
  /** Once the pool has been idle `idleMs`, a thread holding more than this is replaced (default: never). */
  idleRetainMb?: number;
  idleMs?: number;
  retryAfterSeconds: number;
  /** The 503 of a full queue. */
  busyMessage: string;
  /** The refusal of a job that passed its heap or its deadline. */
  overBudget: (job: Job) => AppError;
}

interface Thread {
  worker: Worker;
  busy: boolean;
  /** What it held after its last job (MB), as the thread measured it. */
  heldMb: number;
  /** Settles when the thread has loaded its modules: a job's deadline counts from then. */
  ready: Promise<void>;
}

export function createBudgetedPool<Job, Result>(
  options: BudgetedPoolOptions<Job>,
): BudgetedPool<Job, Result> {
  const reserved = Math.min(options.reservedForLight ?? 0, options.workers - 1);
  const queue = (concurrency: number) =>
    createWorkQueue({
      concurrency,
      maxWaiting: options.maxWaiting,
      retryAfterSeconds: options.retryAfterSeconds,
      message: options.busyMessage,
    });
  // Every job passes `all`; a heavy one first passes `heavy`, so at most workers - reserved heavy jobs
  // are ever running or waiting in `all`: the reserved threads stay free for the light ones.
  const all = queue(options.workers);
  const heavy = reserved > 0 ? queue(options.workers - reserved) : undefined;
  const threads: Thread[] = [];
  let seq = 0;
  let closed = false;

  const start = (): Thread => {
    const worker = startWorkerModule(options.worker.name, options.worker.source, {
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
    });
    // The pool must not keep a finished process (a script, a test) alive.
    worker.unref();
    const ready = new Promise<void>((resolve) => {
      const onReady = (message: unknown) => {
        if (message !== WORKER_READY) return;
        worker.off('message', onReady);
        resolve();
      };
      worker.on('message', onReady);
    });
    const thread: Thread = { worker, busy: false, heldMb: 0, ready };
    threads.push(thread);
    // A thread that ends between jobs (it failed to load, the system ended it) leaves the pool rather
    // than be handed the next job to wait on until its deadline; the next job starts another (never a
    // loop of restarts here).
    worker.once('exit', () => {
      const at = threads.indexOf(thread);
      if (!thread.busy && at >= 0) threads.splice(at, 1);
    });
    return thread;
  };
  // Once the pool is in use, all its threads are kept started: a job never waits for a thread to load
  // its modules, and one retired (its memory given back) is replaced at once, before the next job.
  const fill = () => {
    while (!closed && threads.length < options.workers) start();
  };
  const retire = (thread: Thread) => {
    const at = threads.indexOf(thread);
    if (at >= 0) threads.splice(at, 1);
    void thread.worker.terminate();
    fill();
  };

  const runOn = (thread: Thread, job: Job) =>
    new Promise<Result>((resolve, reject) => {
      const id = ++seq;
      thread.busy = true;
      let started = false;
      let timer: NodeJS.Timeout | undefined;
      const settle = (fail: AppError | Error | null, result?: Result, keep = true) => {
        clearTimeout(timer);
        thread.worker.off('message', onMessage);
        thread.worker.off('error', onDeath);
        thread.worker.off('exit', onDeath);
        thread.busy = false;
        if (!keep) retire(thread);
        if (fail) reject(fail);
        else resolve(result as Result);
      };
      const onMessage = (reply: WorkerReply<Result>) => {
        if (reply.id !== id) return;
        thread.heldMb = reply.heldMb;
        const keep = reply.heldMb <= options.retainMb;
        if ('result' in reply) settle(null, reply.result, keep);
        else if (reply.refusal)
          settle(
            new AppError(reply.refusal.code as AppErrorCode, reply.refusal.message, {
              fields: reply.refusal.fields,
            }),
            undefined,
            keep,
          );
        else settle(new Error(reply.failure ?? 'worker job failed'), undefined, keep);
      };
      // Out of heap (V8 ends the thread) or past the deadline (ended here): the job cost too much. A
      // thread that ends before it has loaded is a fault of the server, not of the job.
      const onDeath = () =>
        settle(
          started ? options.overBudget(job) : new Error(`${options.worker.name} did not start`),
          undefined,
          false,
        );
      thread.worker.on('message', onMessage);
      thread.worker.once('error', onDeath);
      thread.worker.once('exit', onDeath);
      void thread.ready.then(() => {
        if (!thread.busy) return;
        started = true;
        timer = setTimeout(onDeath, options.deadlineMs);
        thread.worker.postMessage({ id, job } satisfies WorkerRequest<Job>);
      });
    });

  // The idle check: armed after each job, it fires once the pool has run nothing for idleMs.
  let idleTimer: NodeJS.Timeout | undefined;
  const retireIdleHolders = () => {
    if (closed || threads.some((t) => t.busy)) return;
    const idleRetainMb = options.idleRetainMb as number;
    for (const thread of threads.filter((t) => t.heldMb > idleRetainMb)) retire(thread);
  };
  const armIdleCheck = () => {
    if (options.idleRetainMb === undefined) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(retireIdleHolders, options.idleMs ?? 5_000);
    idleTimer.unref();
  };

  const runNow = (job: Job) => {
    fill();
    return runOn(threads.find((t) => !t.busy) ?? start(), job).finally(armIdleCheck);
  };

  return {
    get load() {
      const { running, waiting } = all.load;
      return {
        threads: threads.length,
        running,
        waiting: waiting + (heavy?.load.waiting ?? 0),
        heldMb: threads.map((t) => t.heldMb),
      };
    },
    run(job, { heavy: isHeavy = false } = {}) {
      if (closed) return Promise.reject(new Error(`${options.worker.name} pool closed`));
      if (isHeavy && heavy) return heavy.run(() => all.run(() => runNow(job)));
      return all.run(() => runNow(job));
    },
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      await Promise.all(threads.splice(0).map((t) => t.worker.terminate()));
    },
  };
}
