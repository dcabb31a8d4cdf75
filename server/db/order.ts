import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';
import type { DatabaseStore } from './store.ts';

export type SortDirection = 'asc' | 'desc';

/**
 * One ORDER BY term that sorts alike on both engines (decision 164). SQLite compares text byte by byte
 * (BINARY) and puts NULL below every value. PostgreSQL compares text by the database's collation, which
 * the cluster's locale chooses, and puts NULL above every value. So on PostgreSQL a text column is
 * compared `COLLATE "C"` (byte order, as the name sort keys of decision 085 are made for), and a column
 * that may hold NULL names SQLite's place for it (first ascending, last descending). A NOT NULL column
 * keeps PostgreSQL's default NULL place, which its btree indexes are built in, so the term still walks them.
 */
export function sortTerm(store: DatabaseStore, column: AnyColumn, direction: SortDirection): SQL {
  if (store.engine === 'sqlite') return direction === 'desc' ? desc(column) : asc(column);
  const value = column.dataType === 'string' ? sql`${column} COLLATE "C"` : sql`${column}`;
  const way = direction === 'desc' ? sql.raw('DESC') : sql.raw('ASC');
  if (column.notNull) return sql`${value} ${way}`;
  return sql`${value} ${way} ${sql.raw(direction === 'desc' ? 'NULLS LAST' : 'NULLS FIRST')}`;
}
