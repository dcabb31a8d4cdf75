import { type AnyColumn, is, type SQL, sql } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The calendar date (YYYY-MM-DD) of a time column, shifted by a fixed offset (Vietnam's UTC+7, decision
 * 013), in the words of the column's own engine (decision 150: dialect differences live under server/db/):
 * the column comes from the tables of the handle the query runs on (decision 196), so it names the engine.
 * SQLite keeps times as integer milliseconds, PostgreSQL as timestamptz. The offset is written into the
 * text, not passed as a parameter: PostgreSQL accepts a GROUP BY of this expression only when its text is
 * the same as the selected one, and two parameters are two different expressions to it.
 */
export function dateOf(column: AnyColumn, offsetMs: number): SQL<string> {
  const offset = sql.raw(String(Math.trunc(offsetMs)));
  return is(column, PgColumn)
    ? sql<string>`to_char(${column} AT TIME ZONE 'UTC' + ${offset} * interval '1 millisecond', 'YYYY-MM-DD')`
    : sql<string>`strftime('%Y-%m-%d', (${column} + ${offset}) / 1000, 'unixepoch')`;
}
