/** Timing helpers for real-server tests. */
export const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] ?? Number.NaN;
export const median = (xs: number[]) => percentile(xs, 0.5);

/** GET /api/health every 100 ms until `work` settles: how long each took (ms). */
export async function healthWhile(base: string, work: Promise<unknown>): Promise<number[]> {
  let done = false;
  void work.finally(() => {
    done = true;
  });
  const took: number[] = [];
  while (!done || took.length < 3) {
    await new Promise((r) => setTimeout(r, 100));
    const started = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.text();
    took.push(performance.now() - started);
  }
  return took;
}
