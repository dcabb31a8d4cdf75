import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { databaseEngine } from './engine.ts';

/**
 * The calendar date (YYYY-MM-DD) of a time column, shifted by a fixed offset (Vietnam's UTC+7, decision
 * 013), in the engine's own words (decision 150: dialect differences live under server/db/). SQLite keeps
 * times as integer milliseconds, PostgreSQL as timestamptz. The offset is written into the text, not
 * passed as a parameter: PostgreSQL accepts a GROUP BY of this expression only when its text is the same
 * as the selected one, and two parameters are two different expressions to it.
 */
export function dateOf(column: AnyColumn, offsetMs: number): SQL<string> {
  const offset = sql.raw(String(Math.trunc(offsetMs)));
  return databaseEngine() === 'pg'
    ? sql<string>`to_char(${column} AT TIME ZONE 'UTC' + ${offset} * interval '1 millisecond', 'YYYY-MM-DD')`
    : sql<string>`strftime('%Y-%m-%d', (${column} + ${offset}) / 1000, 'unixepoch')`;
}
