import { asc, getTableColumns, getTableName, gt, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { getTableConfig, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './client.ts';
import type { PgDb } from './pg-client.ts';
import { SCAN_WINDOW_KEY, WINDOW_SCANS_ADDED } from './pg-scan-windows.ts';
import { pgTables, sqliteTables } from './schema/index.ts';

/** A table's name, the same on both engines (one declaration makes both tables, decision 196). */
type TableName = string;

export interface CopyResult {
  tables: Record<TableName, number>;
  ms: number;
}

/** Refused before anything is written: the target already holds rows. */
export class CopyRefusedError extends Error {}

/**
 * The SQLite tables in an order where every table comes after the tables its foreign keys name, so that
 * each row's references exist when it is inserted.
 */
function tablesInOrder(): Array<{ name: TableName; from: SQLiteTable; to: PgTable }> {
  const byName = new Map<TableName, { from: SQLiteTable; to: PgTable; refs: TableName[] }>();
  for (const [key, from] of Object.entries(sqliteTables) as [keyof typeof sqliteTables, SQLiteTable][]) {
    // The PostgreSQL twin, under its SQLite type (decision 153) but PostgreSQL's table.
    const to = pgTables[key] as unknown as PgTable;
    const refs = getTableConfig(from).foreignKeys.map((fk) => getTableName(fk.reference().foreignTable));
    byName.set(getTableName(from), { from, to, refs });
  }
  const ordered: Array<{ name: TableName; from: SQLiteTable; to: PgTable }> = [];
  const placed = new Set<TableName>();
  const place = (name: TableName, path: TableName[]) => {
    if (placed.has(name) || path.includes(name)) return;
    const table = byName.get(name);
    if (!table) return;
    for (const ref of table.refs) if (ref !== name) place(ref, [...path, name]);
    placed.add(name);
    ordered.push({ name, from: table.from, to: table.to });
  };
  for (const name of byName.keys()) place(name, []);
  return ordered;
}

type Row = Record<string, unknown> & { id: number };

/** The scan window's key (pg-scan-windows.ts) as the PostgreSQL table's fields and columns. */
const WINDOW_KEY = Object.entries(getTableColumns(pgTables.scanEvents as unknown as PgTable)).filter(
  ([, column]) => (SCAN_WINDOW_KEY as readonly string[]).includes(column.name),
);

/**
 * Scan counting windows: on SQLite a window's scans for one key may be in several rows (each flush writes its
 * own); on PostgreSQL the key is unique and flushes add to one row (decision 156). Rows of one key are added
 * together, within a batch here and across batches by the insert's ON CONFLICT, keeping the first row's id.
 */
function mergeWindows(rows: Row[]): Row[] {
  const merged = new Map<string, Row>();
  for (const row of rows) {
    const key = WINDOW_KEY.map(([field]) => {
      const v = row[field];
      return v instanceof Date ? v.getTime() : String(v ?? '');
    }).join(':');
    const held = merged.get(key);
    if (held) held.scans = Number(held.scans) + Number(row.scans);
    else merged.set(key, { ...row });
  }
  return [...merged.values()];
}

/**
 * Copies every row of the app's SQLite database into a migrated, empty PostgreSQL database (moving from one
 * server to several, docs/deploy.md; the benchmarks' PostgreSQL dataset). Rows are read and written through
 * both schemas, so every value is converted as the app itself reads and writes it (times, booleans, JSON);
 * ids are kept, and each table's identity continues after its largest id. All of it in one transaction:
 * a failure leaves the target as empty as it was.
 */
export async function copySqliteToPg(
  from: Db,
  to: PgDb,
  { batch = 2_000, onTable }: { batch?: number; onTable?: (name: TableName, rows: number) => void } = {},
): Promise<CopyResult> {
  const started = performance.now();
  const tables = tablesInOrder();
  const counts: Record<TableName, number> = {};
  await to.transaction(async (tx) => {
    for (const { name, to: target } of tables) {
      const [row] = await tx.select({ one: sql<number>`1` }).from(target).limit(1);
      if (row)
        throw new CopyRefusedError(
          `The PostgreSQL database already has rows in ${name}: copy into an empty one`,
        );
    }
    for (const { name, from: source, to: target } of tables) {
      // Rows are read in key order, a page at a time after the last one read: the row id, or the
      // primary key's columns for a table that has none (the serials, decision 214).
      const columns = getTableColumns(source);
      const key = columns.id
        ? [columns.id]
        : (getTableConfig(source).primaryKeys[0]?.columns ?? []).map((c) => c as (typeof columns)[string]);
      const keyNames = key.map((c) => Object.keys(columns).find((k) => columns[k] === c) as string);
      // One statement may carry at most 65,535 parameters on PostgreSQL: one per column and row.
      const rowsPerInsert = Math.max(
        1,
        Math.min(batch, Math.floor(60_000 / getTableConfig(source).columns.length)),
      );
      let last: unknown[] | null = null;
      let copied = 0;
      for (;;) {
        const after: unknown[] | null = last;
        const rows = (await from
          .select()
          .from(source)
          .where(
            after === null
              ? undefined
              : key.length === 1
                ? gt(key[0]!, after[0])
                : sql`(${sql.join(key, sql`, `)}) > (${sql.join(
                    after.map((v) => sql`${v}`),
                    sql`, `,
                  )})`,
          )
          .orderBy(...key.map((c) => asc(c)))
          .limit(rowsPerInsert)) as Row[];
        if (rows.length === 0) break;
        if (target === (pgTables.scanEvents as unknown)) {
          await tx
            .insert(target)
            .values(mergeWindows(rows) as never)
            .onConflictDoUpdate({
              target: WINDOW_KEY.map(([, column]) => column),
              set: { scans: sql.raw(WINDOW_SCANS_ADDED) },
            });
        } else {
          await tx.insert(target).values(rows as never);
        }
        copied += rows.length;
        const lastRow = rows[rows.length - 1] as Record<string, unknown>;
        last = keyNames.map((k) => lastRow[k]);
      }
      // The next id the app inserts continues after the copied ones.
      if (columns.id)
        await tx.execute(
          sql.raw(
            `SELECT setval(pg_get_serial_sequence('"${name}"', 'id'), coalesce(max(id), 1), max(id) IS NOT NULL) FROM "${name}"`,
          ),
        );
      counts[name] = copied;
      onTable?.(name, copied);
    }
  });
  return { tables: counts, ms: performance.now() - started };
}
