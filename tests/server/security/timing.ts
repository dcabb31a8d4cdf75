import { Worker } from 'node:worker_threads';

/** Timing helpers for real-server tests. */
export const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? Number.NaN;
export const median = (xs: number[]) => percentile(xs, 0.5);

/**
 * GET /api/health every 100 ms until `work` settles (at least three readings): how long each took (ms).
 * The readings are taken by watchHealth's worker thread, so the test's own work on its event loop (sending
 * eight photos of several MB each, say) does not count as the server's slowness.
 */
export async function healthWhile(base: string, work: Promise<unknown>): Promise<number[]> {
  const watch = watchHealth(base);
  const from = Date.now();
  try {
    await work.then(
      () => undefined,
      () => undefined,
    );
    while (watch.between(from, Date.now()).length < 3) await new Promise((r) => setTimeout(r, 50));
    return watch.between(from, Date.now()).map((s) => s.ms);
  } finally {
    await watch.stop();
  }
}

/** One reading of the server by a HealthWatch: when (ms since the epoch), how long health took, RSS in MB. */
export interface HealthSample {
  at: number;
  ms: number;
  rssMb: number;
}

/**
 * GET /api/health every 100 ms, and the server's RSS (/proc, when given its pid), from a worker thread,
 * for as long as a suite runs: the readings are not delayed by the test's own work on its event loop (building and
 * sending large bodies), only by the server's.
 */
export function watchHealth(base: string, pid?: number) {
  const samples: HealthSample[] = [];
  const worker = new Worker(
    `
    const { parentPort, workerData } = require('node:worker_threads');
    const { readFileSync } = require('node:fs');
    let stop = false;
    parentPort.on('message', () => { stop = true; });
    const rss = () => workerData.pid === undefined ? Number.NaN : Number(/VmRSS:\\s+(\\d+)/.exec(readFileSync('/proc/' + workerData.pid + '/status', 'utf8'))?.[1]) / 1024;
    (async () => {
      while (!stop) {
        const started = performance.now();
        try {
          const res = await fetch(workerData.base + '/api/health');
          await res.text();
        } catch {}
        parentPort.postMessage({ at: Date.now(), ms: performance.now() - started, rssMb: rss() });
        await new Promise((r) => setTimeout(r, 100));
      }
      parentPort.close();
    })();
    `,
    { eval: true, workerData: { base, pid } },
  );
  worker.on('message', (s: HealthSample) => samples.push(s));
  let stopped: Promise<unknown> | undefined;
  return {
    samples,
    /** The readings whose request was under way between two moments (ms since the epoch). */
    between: (from: number, to: number) => samples.filter((s) => s.at >= from && s.at - s.ms <= to),
    stop: async () => {
      stopped ??= new Promise((r) => {
        worker.once('exit', r);
        worker.postMessage('stop');
      });
      await stopped;
    },
  };
}
