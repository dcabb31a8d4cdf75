import { and, gte, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { dateOf } from '#server/db/dates.ts';
import { scanEvents } from '#server/db/schema/index.ts';
import { SCAN_DAYS } from '#shared/schemas/statistics.ts';
import { addDays, VIETNAM_OFFSET_MS, vietnamDay, vietnamDayStart } from '#shared/vietnam-time.ts';

/**
 * Days are Vietnam's calendar days (shared/vietnam-time.ts): a scan at 00:30 in Hà Nội counts for that
 * day, not the previous one as a UTC day would have it (decisions 013, 186).
 */
/** The last `days` Vietnamese dates up to today (oldest first) and the instant the first one began. */
export function lastDays(now: Date, days = SCAN_DAYS): { since: Date; dates: string[] } {
  const first = addDays(vietnamDay(now), -(days - 1));
  const dates = Array.from({ length: days }, (_, i) => addDays(first, i));
  return { since: vietnamDayStart(first), dates };
}

/** How many scans the matching scan events stand for (a row counts `scans` scans, decision 076). */
export const scanTotal = sql<number>`coalesce(sum(${scanEvents.scans}), 0)`.mapWith(Number);

/** All the scans the matching scan events stand for; `where` narrows them (a company). */
export async function countScans(db: Executor, where?: SQL): Promise<number> {
  const [row] = await db.select({ n: scanTotal }).from(scanEvents).where(where);
  return row?.n ?? 0;
}

/** Scans per day over the last 30 days, zero-filled; `where` narrows the scan events (a company). */
export async function scansByDay(db: Executor, now: Date, where?: SQL) {
  const { since, dates } = lastDays(now);
  // Shifted to Vietnam time, then named by the engine (server/db/dates.ts).
  const day = dateOf(scanEvents.createdAt, VIETNAM_OFFSET_MS);
  const rows = await db
    .select({ day, n: scanTotal })
    .from(scanEvents)
    .where(and(gte(scanEvents.createdAt, since), where))
    .groupBy(day);
  const byDay = new Map(rows.map((r) => [r.day, r.n]));
  return dates.map((date) => ({ date, count: byDay.get(date) ?? 0 }));
}
