import { type SQL, type SQLWrapper, or, sql } from 'drizzle-orm';
import { foldVietnamese } from '#shared/text.ts';
import type { Sqlite } from '#server/db/client.ts';
import { type DatabaseStore, sqliteOf } from '#server/db/store.ts';

/**
 * Search that ignores case and Vietnamese marks ("nguyen" finds "Nguyễn", "dang" finds "Đặng").
 * SQLite's lower() and LIKE know neither, and these tables have no folded column, so the server's own
 * foldVietnamese is registered as a deterministic SQL function on the connection, once per connection.
 * The tables searched this way (users, companies) are small; products use their FTS index instead.
 */
const FOLD_FUNCTION = 'fold_vi';
const registered = new WeakSet<Sqlite>();

function ensureFoldFunction(sqlite: Sqlite): void {
  if (registered.has(sqlite)) return;
  sqlite.function(FOLD_FUNCTION, { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? foldVietnamese(value) : null,
  );
  registered.add(sqlite);
}

/**
 * A condition true when any of `columns`, folded, contains `term`, folded; undefined for a blank term
 * (no filter). instr() instead of LIKE, so % and _ in the term are plain characters.
 */
export function foldedContains(
  store: DatabaseStore,
  columns: SQLWrapper[],
  term: string | undefined,
): SQL | undefined {
  const needle = foldVietnamese(term ?? '');
  if (!needle) return undefined;
  const sqlite = sqliteOf(store);
  ensureFoldFunction(sqlite);
  return or(...columns.map((c) => sql`instr(${sql.raw(FOLD_FUNCTION)}(${c}), ${needle}) > 0`));
}
