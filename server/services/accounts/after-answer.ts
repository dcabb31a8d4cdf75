import type { AppDeps } from '../../deps.ts';

/**
 * Work an account request does AFTER its answer is sent (decision 082): looking the e-mail up and
 * mailing. The answer then costs the same, in content and in time, whether or not the account exists.
 * Jobs are kept per mailer (one per app) so shutdown and tests can wait for them.
 */
const pending = new WeakMap<object, Set<Promise<void>>>();

export function afterAnswer(deps: Pick<AppDeps, 'mailer' | 'logger'>, what: string, job: () => Promise<void> | void): void {
  let jobs = pending.get(deps.mailer);
  if (!jobs) {
    jobs = new Set();
    pending.set(deps.mailer, jobs);
  }
  const all = jobs;
  const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
    .then(job)
    .catch((err) => deps.logger.error({ event: 'account.after_answer_failed', what, err }, 'background account work failed'))
    .finally(() => all.delete(running));
  all.add(running);
}

/** Resolves once every job started so far (and any they started) has finished. */
export async function afterAnswerSettled(deps: Pick<AppDeps, 'mailer'>): Promise<void> {
  for (;;) {
    const jobs = pending.get(deps.mailer);
    if (!jobs?.size) return;
    await Promise.all([...jobs]);
  }
}
