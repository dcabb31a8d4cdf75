import { type AnyColumn, or, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { foldVietnamese } from '#shared/text.ts';
import type { Sqlite } from './client.ts';
import type { DatabaseStore } from './store.ts';

/** The token products_fts holds in company_key for a company (migration 0003): 'c' || company_id. */
export const companyKey = (companyId: number) => `c${companyId}`;

/**
 * The MATCH expression over SQLite's products_fts for the folded words of a search (each a quoted prefix
 * term, all required; quotes doubled so no input can inject FTS5 syntax), scoped to one company inside the
 * index when `companyId` is set (the company's doclist drives the match instead of every company's rows).
 * The terms are pinned to search_text so a word like "c1" never matches a company_key token.
 */
export function ftsMatch(words: readonly string[], companyId: number | null): string | null {
  if (!words.length) return null;
  const terms = words.map((w) => `"${w.replace(/"/g, '""')}"*`).join(' ');
  const text = `search_text:(${terms})`;
  return companyId === null ? text : `company_key:${companyKey(companyId)} AND ${text}`;
}

/**
 * PostgreSQL's counterpart of the FTS5 MATCH over products_fts (decision 153): every word of the search,
 * already folded and split like server/services/products/search.ts does for FTS5, must begin a word of the
 * folded search_text, as an FTS5 prefix term ("word"*) must begin a token. The regular expressions are
 * answered from the pg_trgm GIN index of drizzle/pg/0001_products_search.sql: the word start gives the
 * index its leading-blank trigrams, so even a two-letter word narrows the rows. Null when there is no word.
 */
export function pgSearchMatch(searchText: AnyColumn | SQL, words: readonly string[]): SQL | null {
  if (!words.length) return null;
  const conditions = words.map(
    (word) => sql`${searchText} ~ ${`(^|[^[:alnum:]])${word.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}`}`,
  );
  return sql.join(conditions, sql` AND `);
}

/**
 * Search that ignores case and Vietnamese marks ("nguyen" finds "Nguyễn", "dang" finds "Đặng") over columns
 * that have no folded copy (users, companies: small tables; products search their folded search_text).
 * A condition true when any of `columns`, folded, contains `term`, folded, as plain characters (% and _
 * included); undefined for a blank term (no filter). The engines fold alike (decision 165):
 * - SQLite: its lower() and LIKE know neither marks nor đ, so foldVietnamese itself is registered as a
 *   deterministic SQL function on the connection, and instr() looks for the needle.
 * - PostgreSQL: translate() with PG_FOLD, the table foldVietnamese gives every character, then runs of
 *   spaces made one; LIKE with the needle's wildcards escaped.
 */
export function foldedContains(
  store: DatabaseStore,
  columns: SQLWrapper[],
  term: string | undefined,
): SQL | undefined {
  if (store.engine === 'sqlite') {
    const needle = foldVietnamese(term ?? '');
    if (!needle) return undefined;
    return or(...columns.map((c) => sql`instr(${sql.raw(FOLD_FUNCTION)}(${c}), ${needle}) > 0`));
  }
  const needle = pgFold(term ?? '');
  if (!needle) return undefined;
  const pattern = `%${needle.replace(/[\\%_]/g, '\\$&')}%`;
  return or(...columns.map((c) => sql`${pgFoldSql(c)} LIKE ${pattern}`));
}

const FOLD_FUNCTION = 'fold_vi';

/** Gives a SQLite connection fold_vi, once, where the connection is opened (createDb): no state kept here. */
export function registerFoldFunction(sqlite: Sqlite): void {
  sqlite.function(FOLD_FUNCTION, { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? foldVietnamese(value) : null,
  );
}

/**
 * Code point ranges without case and without a decomposition into marks, skipped when PG_FOLD is built:
 * CJK ideographs, Yi, Hangul syllables (their decomposition is into jamo, kept whole below), surrogates and
 * private use. tests/server/products/list-pg.test.ts checks every other BMP character.
 */
const CASELESS = [
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xac00, 0xf8ff],
] as const;

/**
 * PG_FOLD: foldVietnamese character by character, as translate() takes it (decision 165): each character of the BMP
 * that foldVietnamese turns into another single character (its case, its marks, đ/Đ; every whitespace into
 * a space), and the marks it removes (U+0300–U+036F) mapped to nothing. Characters it would turn into
 * several (Hangul syllables into jamo, letters with marks outside that block) are left whole on both sides.
 * Computed from foldVietnamese, so the two can never disagree: on the first PostgreSQL search, not at
 * start (CPU a server on SQLite would spend starting, for nothing).
 */
export interface PgFold {
  from: string;
  to: string;
  map: ReadonlyMap<string, string>;
  /** The two strings as SQL literals, for translate(). */
  sql: { from: SQL; to: SQL };
}

function buildPgFold(): PgFold {
  const map = new Map<string, string>();
  let from = '';
  let to = '';
  let removed = '';
  let range = 0;
  for (let cp = 0; cp <= 0xffff; cp++) {
    const skip = CASELESS[range];
    if (skip && cp >= skip[0]) {
      cp = skip[1];
      range++;
      continue;
    }
    const c = String.fromCharCode(cp);
    const folded = /\s/.test(c) ? ' ' : foldVietnamese(c);
    if (folded === c || [...folded].length > 1) continue;
    map.set(c, folded);
    if (folded === '') removed += c;
    else {
      from += c;
      to += folded;
    }
  }
  // translate() drops the characters of its second argument that have no counterpart in the third.
  from += removed;
  const literal = (text: string) => sql.raw(`'${text.replace(/'/g, "''")}'`);
  return { from, to, map, sql: { from: literal(from), to: literal(to) } };
}

/** PG_FOLD (the table above), built once when first asked for. */
export const pgFoldTable: () => PgFold = (() => {
  let table: PgFold | undefined;
  return () => (table ??= buildPgFold());
})();

/** A column folded on PostgreSQL by PG_FOLD, runs of spaces made one. */
export function pgFoldSql(column: SQLWrapper): SQL {
  const fold = pgFoldTable().sql;
  return sql`regexp_replace(translate(${column}, ${fold.from}, ${fold.to}), ' {2,}', ' ', 'g')`;
}

/** The same fold in JavaScript, for the needle: foldVietnamese wherever it maps a character to one or none. */
export function pgFold(value: string): string {
  let out = '';
  const { map } = pgFoldTable();
  for (const c of value) out += map.get(c) ?? c;
  return out.replace(/ {2,}/g, ' ').trim();
}
