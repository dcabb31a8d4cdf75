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
