import { threadId } from 'node:worker_threads';
import { AppError } from '#server/errors.ts';
import { serveJobs } from '#server/lib/budgeted-worker.ts';

/** A worker for tests/server/security/budgeted-pool.test.ts: each job asks for one kind of cost. */
export type TestJob =
  | { kind: 'echo'; value: string }
  | { kind: 'sleep'; ms: number }
  | { kind: 'allocate'; mb: number }
  | { kind: 'hold'; mb: number }
  | { kind: 'refuse' };

const held: Uint8Array[] = [];

serveJobs<TestJob, { value: string; thread: number }>(async (job) => {
  switch (job.kind) {
    case 'echo':
      return { value: job.value, thread: threadId };
    case 'sleep':
      await new Promise((r) => setTimeout(r, job.ms));
      return { value: 'slept', thread: threadId };
    case 'allocate': {
      // JavaScript objects, in the thread's own heap, until the heap limit ends the thread.
      const keep: string[][] = [];
      for (let i = 0; i < job.mb * 16; i++) keep.push(Array.from({ length: 4096 }, (_, j) => `${i}:${j}`));
      return { value: String(keep.length), thread: threadId };
    }
    case 'hold':
      held.push(new Uint8Array(job.mb * 1024 * 1024).fill(1));
      return { value: 'held', thread: threadId };
    case 'refuse':
      throw new AppError('PAYLOAD_TOO_LARGE', 'quá lớn');
  }
});
