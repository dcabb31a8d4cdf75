import { foldVietnamese } from '#shared/text.ts';

/**
 * A search box's text as the words both engines look for (server/db/search.ts: FTS5 prefix terms on SQLite,
 * word-start patterns over the trigram index on PostgreSQL): folded like search_text (so "ca phe" and "Cà
 * phê" meet, and "dak" finds "Đắk"), punctuation dropped (it is not part of any indexed token), at most ten.
 * Empty when nothing searchable is left.
 */
export function searchWords(search: string | undefined): string[] {
  if (!search) return [];
  return foldVietnamese(search)
    .replace(/[^\p{L}\p{N}"]+/gu, ' ')
    .split(' ')
    .map((w) => w.replace(/"/g, ''))
    .filter(Boolean)
    .slice(0, 10);
}
