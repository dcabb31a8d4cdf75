import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Logger } from '#server/logger.ts';

/**
 * Garbage given back once the server falls idle (decision 174). V8 collects its old generation when the
 * heap reaches a limit it sets from recent traffic, and an idle process allocates nothing: after a storm
 * of large requests the heap stayed grown by a hundred MB or more of garbage, in RSS, until the next
 * storm. Every CHECK_MS: when the event loop was busy under IDLE_SHARE of that time and the heap, with
 * the buffers its objects hold, holds GROWN_BYTES more than after the last collection, one full collection runs (tens of ms, while nobody
 * is waiting), and a second at the next idle check: V8 gives the pages the first one emptied back to
 * the system only at a later collection. A busy server is left to V8.
 */
const CHECK_MS = 2_000;
const IDLE_SHARE = 0.05;
const GROWN_BYTES = 32 * 1024 * 1024;

export interface IdleCollectorOptions {
  /** Defaults: V8's own full collection, the heap in use, and the event loop's busy share since the last check. */
  collect?: () => void;
  heapUsed?: () => number;
  busyShare?: () => number;
  checkMs?: number;
}

export interface IdleCollector {
  /** One check, as the timer runs it: whether it collected. */
  check(): boolean;
  stop(): void;
}

/** V8's full collection, reached without starting node with --expose-gc; null where it is not to be had. */
function v8Collect(): (() => void) | null {
  try {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as unknown;
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  }
}

function busyShareSinceLastCall(): () => number {
  let last = performance.eventLoopUtilization();
  return () => {
    const now = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    return share;
  };
}

export function startIdleCollector(logger: Logger, options: IdleCollectorOptions = {}): IdleCollector {
  const collect = options.collect ?? v8Collect();
  // With the buffers JavaScript objects hold (`external`): a storm of photo scans leaves hundreds of MB
  // of request bodies and copies there, held by a few small, dead objects that never grow the heap itself.
  const heapUsed =
    options.heapUsed ??
    (() => {
      const { heapUsed: used, external } = process.memoryUsage();
      return used + external;
    });
  const busyShare = options.busyShare ?? busyShareSinceLastCall();
  let floor = heapUsed();
  /** A collection ran and its second has not: the next idle check runs it. */
  let followUp = false;

  const check = (): boolean => {
    const busy = busyShare();
    const used = heapUsed();
    if (!collect || busy >= IDLE_SHARE || (!followUp && used - floor < GROWN_BYTES)) {
      floor = Math.min(floor, used);
      return false;
    }
    followUp = !followUp;
    const started = performance.now();
    collect();
    floor = heapUsed();
    logger.info(
      {
        event: 'memory.idle_collect',
        freedMb: Math.round((used - floor) / 1024 / 1024),
        ms: Math.round(performance.now() - started),
      },
      'garbage collected while idle',
    );
    return true;
  };
  const timer = setInterval(check, options.checkMs ?? CHECK_MS);
  timer.unref();
  return { check, stop: () => clearInterval(timer) };
}
