import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

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
