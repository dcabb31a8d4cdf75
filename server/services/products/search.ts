import { foldVietnamese } from '../../../shared/text.ts';

/**
 * A search box's text as an FTS5 query over products_fts: folded like search_text (so "ca phe"
 * and "Cà phê" meet, and "dak" finds "Đắk"), every word a quoted prefix term, all words required.
 * Punctuation is dropped (it is not part of any indexed token) and quotes are escaped by doubling,
 * so no input can inject FTS5 syntax. Null when nothing searchable is left.
 */
export function ftsQuery(search: string | undefined): string | null {
  if (!search) return null;
  const words = foldVietnamese(search)
    .replace(/[^\p{L}\p{N}"]+/gu, ' ')
    .split(' ')
    .map((w) => w.replace(/"/g, ''))
    .filter(Boolean)
    .slice(0, 10);
  if (!words.length) return null;
  return words.map((w) => `"${w.replace(/"/g, '""')}"*`).join(' ');
}
