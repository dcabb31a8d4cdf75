import { vietnameseSortKey } from '#shared/sort-key.ts';
import type { Sqlite } from './client.ts';

/** The tables whose lists sort by name, each with a `name_sort` column (decision 085). */
const TABLES = ['products', 'users', 'companies'] as const;

/**
 * Gives every row without a sort key its key: the rows that were there before the column (migration
 * 0006_name_sort), and any a later migration empties because the key function changed. Writes through
 * the app set the key themselves; this runs once at start, after the migrations, in one transaction
 * per table, and costs nothing once every row has its key.
 */
export function fillNameSortKeys(sqlite: Sqlite): number {
  let filled = 0;
  for (const table of TABLES) {
    const rows = sqlite
      .prepare<[], { id: number; name: string }>(`SELECT id, name FROM ${table} WHERE name_sort = ''`)
      .all();
    if (!rows.length) continue;
    const set = sqlite.prepare<[string, number]>(`UPDATE ${table} SET name_sort = ? WHERE id = ?`);
    sqlite.transaction(() => {
      for (const r of rows) set.run(vietnameseSortKey(r.name), r.id);
    })();
    filled += rows.length;
  }
  return filled;
}

/** What fillNameSortKeysPg needs of a PostgreSQL connection (a pg Client or PoolClient). */
export interface PgQueryable {
  query<R extends object>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
}

/**
 * fillNameSortKeys on PostgreSQL: run by createPgDb after the migrations, under their lock, so one of N
 * instances starting together does it. One UPDATE per table, from the keys computed here.
 */
export async function fillNameSortKeysPg(client: PgQueryable): Promise<number> {
  let filled = 0;
  for (const table of TABLES) {
    const { rows } = await client.query<{ id: number; name: string }>(
      `SELECT id, name FROM ${table} WHERE name_sort = ''`,
    );
    if (!rows.length) continue;
    await client.query(
      `UPDATE ${table} SET name_sort = k.key FROM unnest($1::integer[], $2::text[]) AS k(id, key) WHERE ${table}.id = k.id`,
      [rows.map((r) => r.id), rows.map((r) => vietnameseSortKey(r.name))],
    );
    filled += rows.length;
  }
  return filled;
}
