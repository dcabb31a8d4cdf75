import type { AppDeps } from '#server/deps.ts';

/**
 * Work an account request does AFTER its answer is sent (decision 082): looking the e-mail up and
 * mailing. The answer then costs the same, in content and in time, whether or not the account exists.
 * The app keeps the jobs it started (`AppDeps.afterAnswerJobs`) so shutdown and tests can wait for them.
 */
export interface AfterAnswerJobs {
  add(job: Promise<void>): void;
  /** Resolves once every job started so far (and any they started) has finished. */
  settled(): Promise<void>;
}

export function createAfterAnswerJobs(): AfterAnswerJobs {
  const running = new Set<Promise<void>>();
  return {
    add(job) {
      running.add(job);
      void job.finally(() => running.delete(job));
    },
    async settled() {
      while (running.size) await Promise.all([...running]);
    },
  };
}

export function afterAnswer(
  deps: Pick<AppDeps, 'logger' | 'afterAnswerJobs'>,
  what: string,
  job: () => Promise<void> | void,
): void {
  const done = new Promise<void>((resolve) => setImmediate(resolve))
    .then(job)
    .catch((err) =>
      deps.logger.error(
        { event: 'account.after_answer_failed', what, err },
        'background account work failed',
      ),
    );
  deps.afterAnswerJobs?.add(done);
}
