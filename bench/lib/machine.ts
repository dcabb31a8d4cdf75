import { cpus, loadavg } from 'node:os';

/** The 1, 5 and 15 minute load averages: other work on the machine skews every figure. */
export const loadAverage = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** One line about the machine, printed with the figures. */
export const machine = () =>
  `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, load ${loadAverage()}`;

/** The middle value (the mean of the two middle ones for an even count). */
export function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}
