import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { AppError } from '#server/errors.ts';

/**
 * The thread side of a budgeted pool (server/lib/budgeted-pool.ts, decision 175): a worker module calls
 * `serveJobs(handler)` once. An AppError thrown by the handler (a refusal: a file past a cap) crosses
 * to the caller as the same AppError; any other error is a failure (the caller's 500 or its fallback).
 * Every reply says how much memory the thread holds, so the pool can replace one that grew.
 */
/** The thread's first message: its modules are loaded, jobs may come (the pool's deadlines start then). */
export const WORKER_READY = 'ready';

export interface WorkerRequest<Job> {
  id: number;
  job: Job;
}

export type WorkerReply<Result> = { id: number; heldMb: number } & (
  | { result: Result }
  | { refusal: { code: string; message: string; fields?: Record<string, string> }; failure?: undefined }
  | { failure: string; refusal?: undefined }
);

/** How much lower than the event loop a worker thread runs (0 is the same, 19 the lowest). */
const WORKER_NICENESS = 5;

/** This thread's own heap and the buffers and WebAssembly memories it holds, in MB. */
function heldMb(): number {
  const { heapTotal, external } = process.memoryUsage();
  return (heapTotal + external) / 1024 / 1024;
}

export function serveJobs<Job, Result>(handler: (job: Job) => Promise<Result>): void {
  if (!parentPort) throw new Error('a budgeted worker runs as a worker thread of its pool');
  const port = parentPort;
  // On Linux a priority set without a process id is the calling thread's alone (setpriority(2), NOTES):
  // this thread yields its core to the event loop whenever both want it. Elsewhere it would be the
  // whole process's, so it is left alone there.
  if (process.platform === 'linux') {
    try {
      setPriority(WORKER_NICENESS);
    } catch {
      // Not allowed here (a container's policy): the thread keeps the process's priority.
    }
  }
  port.on('message', async ({ id, job }: WorkerRequest<Job>) => {
    let reply: WorkerReply<Result>;
    try {
      const result = await handler(job);
      reply = { id, heldMb: heldMb(), result };
    } catch (err) {
      reply =
        err instanceof AppError
          ? { id, heldMb: heldMb(), refusal: { code: err.code, message: err.message, fields: err.fields } }
          : { id, heldMb: heldMb(), failure: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(reply);
  });
  port.postMessage(WORKER_READY);
}
