import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '#server/errors.ts';
import {
  type BudgetedPool,
  type BudgetedPoolOptions,
  createBudgetedPool,
} from '#server/lib/budgeted-pool.ts';
import type { TestJob } from './budget-test-worker.ts';

/** The budgeted pool (decision 175) on a worker whose jobs cost what the test asks. */
type Result = { value: string; thread: number };
const pools: BudgetedPool<TestJob, Result>[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function pool(options: Partial<BudgetedPoolOptions<TestJob>> = {}) {
  const made = createBudgetedPool<TestJob, Result>({
    worker: { name: 'budget-test-worker', source: new URL('./budget-test-worker.ts', import.meta.url) },
    workers: 1,
    maxWaiting: 2,
    deadlineMs: 30_000,
    heapMb: 64,
    retainMb: 1024,
    retryAfterSeconds: 3,
    busyMessage: 'bận',
    overBudget: (job) => new AppError('PAYLOAD_TOO_LARGE', `quá sức: ${job.kind}`),
    ...options,
  });
  pools.push(made);
  return made;
}

describe('[security] budgeted worker pool', () => {
  it('answers on a worker thread; a refusal thrown there is the same AppError here', async () => {
    const p = pool();
    const first = await p.run({ kind: 'echo', value: 'chào' });
    expect(first.value).toBe('chào');
    expect(first.thread).toBeGreaterThan(0);
    await expect(p.run({ kind: 'refuse' })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'quá lớn',
    });
    // The thread survived its refusal.
    expect((await p.run({ kind: 'echo', value: 'lại' })).thread).toBe(first.thread);
  }, 60_000);

  it('a job past its deadline is refused with overBudget, its thread replaced', async () => {
    const p = pool({ deadlineMs: 2_000 });
    const before = (await p.run({ kind: 'echo', value: 'x' })).thread;
    const started = Date.now();
    await expect(p.run({ kind: 'sleep', ms: 60_000 })).rejects.toMatchObject({ message: 'quá sức: sleep' });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect((await p.run({ kind: 'echo', value: 'y' })).thread).not.toBe(before);
  }, 60_000);

  it('a job past its heap is refused with overBudget, its thread replaced', async () => {
    const p = pool({ heapMb: 32 });
    const before = (await p.run({ kind: 'echo', value: 'x' })).thread;
    await expect(p.run({ kind: 'allocate', mb: 512 })).rejects.toMatchObject({
      message: 'quá sức: allocate',
    });
    expect((await p.run({ kind: 'echo', value: 'y' })).thread).not.toBe(before);
  }, 60_000);

  it('a full queue is a 503 with Retry-After at once', async () => {
    const p = pool({ workers: 1, maxWaiting: 2 });
    await p.run({ kind: 'echo', value: 'warm' });
    const running = [0, 1, 2].map(() => p.run({ kind: 'sleep', ms: 1_500 }));
    const refused = p.run({ kind: 'echo', value: 'muộn' });
    await expect(refused).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: 'bận',
      retryAfter: 3,
    });
    await expect(Promise.all(running)).resolves.toHaveLength(3);
  }, 60_000);

  it('heavy jobs never take the thread kept for light ones', async () => {
    const p = pool({ workers: 2, reservedForLight: 1, maxWaiting: 4 });
    await Promise.all([p.run({ kind: 'echo', value: 'a' }), p.run({ kind: 'echo', value: 'b' })]);
    const heavy = [0, 1, 2].map(() => p.run({ kind: 'sleep', ms: 2_000 }, { heavy: true }));
    await new Promise((r) => setTimeout(r, 100));
    expect(p.load.running).toBe(1);
    const started = Date.now();
    await p.run({ kind: 'echo', value: 'nhẹ' });
    expect(Date.now() - started).toBeLessThan(1_500);
    await Promise.all(heavy);
  }, 60_000);

  it('a thread holding more than retainMb after its job is replaced, giving its memory back', async () => {
    const p = pool({ retainMb: 48 });
    const small = await p.run({ kind: 'hold', mb: 1 });
    expect((await p.run({ kind: 'echo', value: 'x' })).thread).toBe(small.thread);
    const big = await p.run({ kind: 'hold', mb: 64 });
    expect((await p.run({ kind: 'echo', value: 'y' })).thread).not.toBe(big.thread);
  }, 60_000);

  it('once the pool is idle, a thread holding more than idleRetainMb is replaced; one holding less is kept', async () => {
    const p = pool({ retainMb: 1024, idleRetainMb: 48, idleMs: 300 });
    const small = await p.run({ kind: 'hold', mb: 1 });
    await new Promise((r) => setTimeout(r, 800));
    expect((await p.run({ kind: 'echo', value: 'x' })).thread).toBe(small.thread);
    const big = await p.run({ kind: 'hold', mb: 64 });
    // Busy, it keeps what it holds: the next job may be as large.
    expect((await p.run({ kind: 'echo', value: 'y' })).thread).toBe(big.thread);
    expect(p.load.heldMb[0]).toBeGreaterThan(48);
    await new Promise((r) => setTimeout(r, 800));
    expect(p.load.threads).toBe(1);
    expect((await p.run({ kind: 'echo', value: 'z' })).thread).not.toBe(big.thread);
    expect(p.load.heldMb[0]).toBeLessThan(48);
  }, 60_000);
});
