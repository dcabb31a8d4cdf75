import { describe, expect, it } from 'vitest';
import { startIdleCollector } from '#server/lib/idle-collector.ts';
import { createLogger } from '#server/logger.ts';

const MB = 1024 * 1024;

/** A collector over a pretend heap and event loop: what it sees is set by the test. */
function pretend() {
  const state = { used: 40 * MB, busy: 0, collections: 0, garbage: 0 };
  const collector = startIdleCollector(createLogger('silent'), {
    collect: () => {
      state.collections++;
      state.used -= state.garbage;
      state.garbage = 0;
    },
    heapUsed: () => state.used,
    busyShare: () => state.busy,
    checkMs: 3_600_000,
  });
  const grow = (mb: number) => {
    state.used += mb * MB;
    state.garbage += mb * MB;
  };
  return { state, collector, grow };
}

describe('[SERVER][memory] garbage is given back once the server falls idle (decision 174)', () => {
  it('after a storm that grew the heap, the first idle checks collect, twice (the second gives the pages back), then no more', () => {
    const { state, collector, grow } = pretend();
    grow(120);
    state.busy = 0.6;
    expect(collector.check()).toBe(false);
    state.busy = 0.01;
    expect(collector.check()).toBe(true);
    expect(state.used).toBe(40 * MB);
    // Busy again between the two: the second waits for the next idle check.
    state.busy = 0.3;
    expect(collector.check()).toBe(false);
    state.busy = 0;
    expect(collector.check()).toBe(true);
    expect(collector.check()).toBe(false);
    expect(state.collections).toBe(2);
    collector.stop();
  });

  it('a little growth is left to V8, and what V8 collected itself lowers the mark', () => {
    const { state, collector, grow } = pretend();
    grow(20);
    expect(collector.check()).toBe(false);
    // V8 collected on its own: the heap is back under the mark, and growth is counted from there.
    state.used = 30 * MB;
    state.garbage = 0;
    expect(collector.check()).toBe(false);
    grow(33);
    expect(collector.check()).toBe(true);
    expect(state.collections).toBe(1);
    collector.stop();
  });

  it('on the real V8 the collection is reachable without --expose-gc and gives the garbage back', () => {
    const collector = startIdleCollector(createLogger('silent'), { busyShare: () => 0, checkMs: 3_600_000 });
    let garbage: unknown[] | null = Array.from({ length: 400 }, () => new Array(20_000).fill(1.5));
    expect(garbage.length).toBe(400);
    garbage = null;
    const before = process.memoryUsage().heapUsed;
    expect(collector.check()).toBe(true);
    expect(before - process.memoryUsage().heapUsed).toBeGreaterThan(32 * MB);
    collector.stop();
  });
});
