import { AppError } from '#server/errors.ts';

/**
 * A bounded queue for expensive work that anonymous callers can start (password hashing, image
 * decoding; decision 081): at most `concurrency` jobs run, at most `maxWaiting` wait, and a job that
 * finds the queue full is refused AT ONCE with 503 and `Retry-After` instead of waiting behind
 * everyone else's. A flood then costs the flooder refusals, not every other user their turn.
 */
export interface WorkQueue {
  run<T>(job: () => Promise<T>): Promise<T>;
  /** Jobs running and waiting, for tests and logs. */
  readonly load: { running: number; waiting: number };
}

export interface WorkQueueOptions {
  concurrency: number;
  maxWaiting: number;
  /** Told to a refused caller; roughly how long the queue takes to drain. */
  retryAfterSeconds: number;
  /** The Vietnamese message of the 503 (the table's default otherwise). */
  message?: string;
}

export function createWorkQueue(options: WorkQueueOptions): WorkQueue {
  const waiting: (() => void)[] = [];
  let running = 0;

  const release = () => {
    running--;
    const nextJob = waiting.shift();
    if (nextJob) {
      running++;
      nextJob();
    }
  };

  return {
    get load() {
      return { running, waiting: waiting.length };
    },
    async run<T>(job: () => Promise<T>): Promise<T> {
      if (running < options.concurrency) {
        running++;
      } else if (waiting.length < options.maxWaiting) {
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        throw new AppError('SERVICE_UNAVAILABLE', options.message, { retryAfter: options.retryAfterSeconds });
      }
      try {
        return await job();
      } finally {
        release();
      }
    },
  };
}
