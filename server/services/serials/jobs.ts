/**
 * The serial batches' generation jobs of this instance (decision 205), kept in AppDeps: started after the
 * request answers, waited for by tests, stopped at shutdown. At most one per company runs anywhere: the
 * database's unique index on a company's GENERATING batch refuses a second before a job starts.
 */
export interface SerialJobs {
  /** Runs `work` after the current callback; an error is the work's own to record. */
  run(batchId: number, work: (signal: AbortSignal) => Promise<void>): void;
  /** Batches whose job runs on this instance. */
  running(): number[];
  /** Settles when no job runs. */
  idle(): Promise<void>;
  /** Tells every job to stop, and waits for them (shutdown: before the database closes). */
  stop(): Promise<void>;
}

export function createSerialJobs(): SerialJobs {
  const jobs = new Map<number, { done: Promise<void>; abort: AbortController }>();
  const idle = async () => {
    while (jobs.size) await Promise.all([...jobs.values()].map((j) => j.done));
  };
  return {
    run(batchId, work) {
      const abort = new AbortController();
      const done = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => work(abort.signal))
        .catch(() => undefined)
        .finally(() => jobs.delete(batchId));
      jobs.set(batchId, { done, abort });
    },
    running: () => [...jobs.keys()],
    idle,
    async stop() {
      for (const job of jobs.values()) job.abort.abort();
      await idle();
    },
  };
}
