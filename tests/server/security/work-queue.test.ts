import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors.ts';
import { createWorkQueue, type QueueTicket, type WorkQueue } from '#server/security/work-queue.ts';

/** A job that runs until `finish()` is called, recording when it started. */
function gate() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
}

/**
 * Submits a job of `name` and records the outcome: the order jobs started in, or 'busy' for a 503.
 * The job holds its place until the returned gate is opened.
 */
function submit(queue: WorkQueue, started: string[], name: string, ticket: QueueTicket = {}) {
  const g = gate();
  const outcome = queue
    .run(async () => {
      started.push(name);
      await g.done;
      return name;
    }, ticket)
    .catch((err) => {
      if (err instanceof AppError && err.code === 'SERVICE_UNAVAILABLE') return 'busy';
      throw err;
    });
  return { ...g, outcome };
}

const tick = () => new Promise((r) => setImmediate(r));

/** Lets every started job finish, one after the other, until none is left. */
async function drain(jobs: Array<ReturnType<typeof submit>>) {
  for (let round = 0; round < jobs.length + 1; round++) {
    for (const job of jobs) job.finish();
    await tick();
  }
  return Promise.all(jobs.map((j) => j.outcome));
}

describe('[ANONYMOUS][security] the hashing queue is fair (decision 173)', () => {
  it('an owner with a good record is served before the strangers already waiting', async () => {
    const queue = createWorkQueue({
      concurrency: 1,
      maxWaiting: 16,
      reservedWaiting: 2,
      retryAfterSeconds: 2,
    });
    const started: string[] = [];
    const jobs = [submit(queue, started, 'running', { key: '10.0.0.1' })];
    for (let i = 0; i < 10; i++) jobs.push(submit(queue, started, `stranger-${i}`, { key: `10.1.0.${i}` }));
    jobs.push(submit(queue, started, 'owner', { key: 'owner@example.com', reserved: true }));
    await tick();
    expect(queue.load).toEqual({ running: 1, waiting: 11 });
    jobs[0]!.finish();
    await tick();
    expect(started.slice(0, 2)).toEqual(['running', 'owner']);
    await drain(jobs);
    expect(started).toHaveLength(12);
  });

  it('a full room refuses a stranger at once, and still takes the owner', async () => {
    const queue = createWorkQueue({
      concurrency: 1,
      maxWaiting: 3,
      reservedWaiting: 2,
      retryAfterSeconds: 2,
    });
    const started: string[] = [];
    const jobs = [submit(queue, started, 'running', { key: 'a' })];
    for (const key of ['b', 'c', 'd']) jobs.push(submit(queue, started, key, { key }));
    const late = submit(queue, started, 'e', { key: 'e' });
    expect(await late.outcome).toBe('busy');
    jobs.push(submit(queue, started, 'owner', { key: 'owner@example.com', reserved: true }));
    expect(await drain(jobs)).toEqual(['running', 'b', 'c', 'd', 'owner']);
    expect(started[1]).toBe('owner');
  });

  it('the reserved lane holds one place per account, and is small: the rest wait with everyone', async () => {
    const queue = createWorkQueue({
      concurrency: 1,
      maxWaiting: 1,
      reservedWaiting: 2,
      retryAfterSeconds: 2,
    });
    const started: string[] = [];
    const jobs = [submit(queue, started, 'running', { key: 'x' })];
    jobs.push(submit(queue, started, 'a-1', { key: 'a@example.com', reserved: true }));
    // The same account again: not a second reserved place, the ordinary lane's only place.
    jobs.push(submit(queue, started, 'a-2', { key: 'a@example.com', reserved: true }));
    jobs.push(submit(queue, started, 'b-1', { key: 'b@example.com', reserved: true }));
    // The reserved lane is full (2) and so is the ordinary one (1).
    const c = submit(queue, started, 'c-1', { key: 'c@example.com', reserved: true });
    expect(await c.outcome).toBe('busy');
    await drain(jobs);
    expect(started).toEqual(['running', 'a-1', 'b-1', 'a-2']);
  });

  it('one address may fill an empty room, and gives places up to newcomers when it is full', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 4, retryAfterSeconds: 2 });
    const started: string[] = [];
    const jobs = [submit(queue, started, 'running', { key: 'hog' })];
    for (let i = 0; i < 4; i++) jobs.push(submit(queue, started, `hog-${i}`, { key: 'hog' }));
    await tick();
    expect(queue.load.waiting).toBe(4);
    // Newcomers take the places of the hog's newest jobs, which are refused at once, until the hog holds
    // no more places than a newcomer.
    const newcomers = ['n1', 'n2', 'n3'].map((key) => submit(queue, started, key, { key }));
    await tick();
    expect(await Promise.all(jobs.slice(2).map((j) => j.outcome))).toEqual(['busy', 'busy', 'busy']);
    expect(queue.load.waiting).toBe(4);
    const n4 = submit(queue, started, 'n4', { key: 'n4' });
    expect(await n4.outcome).toBe('busy');
    await drain([...jobs, ...newcomers]);
    expect(started).toEqual(['running', 'hog-0', 'n1', 'n2', 'n3']);
  });

  it('the room is as large as maxWaitMs of work, by the recent jobs: a stranger is refused rather than kept waiting', async () => {
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 16, maxWaitMs: 700, retryAfterSeconds: 2 });
    // One job of 300 ms (up to 350 with a busy machine's timer) teaches the queue what a job costs.
    await queue.run(() => new Promise((r) => setTimeout(r, 300)));
    const started: string[] = [];
    const jobs = [submit(queue, started, 'running', { key: 'r' })];
    const waiting = Array.from({ length: 5 }, (_, i) => submit(queue, started, `w${i}`, { key: `w${i}` }));
    const outcomes = await Promise.race([
      Promise.all(waiting.slice(1).map((w) => w.outcome)),
      new Promise((r) => setTimeout(() => r('still waiting'), 20)),
    ]);
    // 700 ms holds two such jobs ahead of a newcomer: the running one and one waiting; the others are refused at once.
    expect(outcomes).toEqual(['busy', 'busy', 'busy', 'busy']);
    expect(queue.load).toEqual({ running: 1, waiting: 1 });
    await drain([...jobs, ...waiting]);
  });
});
