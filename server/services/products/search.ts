import { foldVietnamese } from '#shared/text.ts';

/**
 * A search box's text as FTS5 terms: folded like search_text (so "ca phe" and "Cà phê" meet, and
 * "dak" finds "Đắk"), every word a quoted prefix term, all words required. Punctuation is dropped
 * (it is not part of any indexed token) and quotes are escaped by doubling, so no input can inject
 * FTS5 syntax. Null when nothing searchable is left.
 */
export function ftsTerms(search: string | undefined): string | null {
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

/** The token products_fts holds in company_key for a company (migration 0003): 'c' || company_id. */
export const companyKey = (companyId: number) => `c${companyId}`;

/**
 * The MATCH expression over products_fts for a search, scoped to one company inside the index when
 * `companyId` is set (the company's doclist drives the match instead of every company's rows).
 * The terms are pinned to search_text so a word like "c1" never matches a company_key token.
 */
export function ftsMatch(search: string | undefined, companyId: number | null): string | null {
  const terms = ftsTerms(search);
  if (terms === null) return null;
  const text = `search_text:(${terms})`;
  return companyId === null ? text : `company_key:${companyKey(companyId)} AND ${text}`;
}
