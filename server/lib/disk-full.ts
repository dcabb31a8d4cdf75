import { statfsSync } from 'node:fs';
import type { Health } from '#server/health.ts';
import type { Logger } from '#server/logger.ts';

/**
 * A full disk, wherever it shows (decision 181): SQLite's SQLITE_FULL (a write that needed a page the disk
 * did not have) and SQLITE_IOERR_SHMSIZE (the WAL's index could not grow: a start on a full disk), and the
 * system's ENOSPC and EDQUOT (a file written by the app: an upload, a picture's copy, a mail in the outbox).
 * drizzle may wrap the driver's error: its cause is looked at too. Imports nothing of the app's: the
 * background writer's thread uses it too.
 */
const FULL_CODES = new Set(['SQLITE_FULL', 'SQLITE_IOERR_SHMSIZE', 'ENOSPC', 'EDQUOT']);

export function isDiskFull(err: unknown): boolean {
  let e = err as { code?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (typeof e.code === 'string' && FULL_CODES.has(e.code)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** Bytes free for the app in the filesystem holding `path` (what a non-root writer may still use). */
export function freeBytes(path: string): number {
  const s = statfsSync(path);
  return s.bavail * s.bsize;
}

/** The same for a log line: null when it cannot be read (the folder is missing). */
export function freeBytesOr(path: string): number | null {
  try {
    return freeBytes(path);
  } catch {
    return null;
  }
}

/**
 * What the app knows of its disk: every part that meets a full disk tells it (`sawFull`), so the log has
 * one warning per LOG_EVERY_MS with the count of what was refused and where, not one line (or one stack)
 * per request, and `full` says whether the disk was full lately (health, the shedding of work that only
 * writes).
 */
export interface DiskWatch {
  sawFull(where: string): void;
  /** A full disk was seen in the last FULL_FOR_MS. */
  readonly full: boolean;
}

const LOG_EVERY_MS = 10_000;
const FULL_FOR_MS = 30_000;

export function createDiskWatch(
  logger: Pick<Logger, 'warn'>,
  dataDir: string,
  health?: Pick<Health, 'set' | 'clear'>,
): DiskWatch {
  let lastSeen = Number.NEGATIVE_INFINITY;
  let clearing: NodeJS.Timeout | undefined;
  // Health says `disk` from the first refusal until FULL_FOR_MS pass without another.
  const clearWhenQuiet = () => {
    clearTimeout(clearing);
    clearing = setTimeout(() => {
      if (Date.now() - lastSeen >= FULL_FOR_MS) health?.clear('disk');
      else clearWhenQuiet();
    }, FULL_FOR_MS);
    clearing.unref();
  };
  let lastLogged = Number.NEGATIVE_INFINITY;
  let counts = new Map<string, number>();
  return {
    sawFull(where) {
      const now = Date.now();
      lastSeen = now;
      if (health) {
        health.set('disk');
        clearWhenQuiet();
      }
      counts.set(where, (counts.get(where) ?? 0) + 1);
      if (now - lastLogged < LOG_EVERY_MS) return;
      lastLogged = now;
      logger.warn(
        {
          event: 'storage.full',
          dataDir,
          freeBytes: freeBytesOr(dataDir),
          refused: Object.fromEntries(counts),
        },
        `the disk holding ${dataDir} is full: writes are refused with 503 until space is freed (reads go on)`,
      );
      counts = new Map();
    },
    get full() {
      return Date.now() - lastSeen < FULL_FOR_MS;
    },
  };
}
