import { ANSWERS } from './answers.ts';
import { type TableName, tablesOf } from './fields.ts';

export type Row = 'OLD' | 'NEW';
export type WriteEvent = 'INSERT' | 'UPDATE' | 'DELETE';

/** A table an answer reads, and what a write to one of its rows makes stale. */
export interface Watched {
  table: TableName;
  events: WriteEvent[];
  /** The change's SQL expressions for a written row: product id, company id, code (the same on both engines). */
  key: (row: Row) => [productId: string, companyId: string, code: string];
  /** Rows an UPDATE names (both by default: a row moved to another product changes both). */
  update?: Row[];
}

const ALL: WriteEvent[] = ['INSERT', 'UPDATE', 'DELETE'];

/**
 * What a write to each table a field list may read makes stale (decision 158): the answers of a product,
 * of a company, or of a printed code. Declared once, next to the field lists, and rendered to SQLite's
 * temporary triggers and PostgreSQL's notifying triggers by server/db/change-feed.ts.
 */
const TABLES: Record<TableName, Omit<Watched, 'table'>> = {
  products: { events: ALL, key: (r) => [`${r}.id`, 'NULL', `${r}.qr_code`] },
  tracking_entries: { events: ALL, key: (r) => [`${r}.product_id`, 'NULL', 'NULL'] },
  // A company's profile is in every answer of its products; a new company has none yet.
  companies: { events: ['UPDATE', 'DELETE'], key: (r) => ['NULL', `${r}.id`, 'NULL'], update: ['OLD'] },
  short_links: { events: ALL, key: (r) => [`${r}.product_id`, 'NULL', `${r}.code`] },
  // A lot's dates, recall or journey change its product's answers (recalledLots, a lot code's lot) and its page.
  lots: { events: ALL, key: (r) => [`${r}.product_id`, 'NULL', 'NULL'] },
  lot_events: {
    events: ALL,
    key: (r) => [`(SELECT product_id FROM lots WHERE id = ${r}.lot_id)`, 'NULL', 'NULL'],
    update: ['OLD'],
  },
  // Where a lot's inputs came from (decision 200): a receipt or a "made from" link shows on the pages of
  // lots one step further on, a partner on every page naming it. These writes are rare beside reads, so
  // each drops its company's answers rather than finding the lots it reaches.
  lot_receipts: { events: ALL, key: (r) => ['NULL', `${r}.company_id`, 'NULL'], update: ['OLD'] },
  lot_inputs: { events: ALL, key: (r) => ['NULL', `${r}.company_id`, 'NULL'], update: ['OLD'] },
  partners: {
    events: ['UPDATE', 'DELETE'],
    key: (r) => ['NULL', `${r}.company_id`, 'NULL'],
    update: ['OLD'],
  },
  // Where a lot grew (decision 219): a plot shows on the pages of the lots linked to it and of the lots made
  // from those, so an edit drops its company's answers, as a partner's does; a new plot is on no page yet.
  plots: {
    events: ['UPDATE', 'DELETE'],
    key: (r) => ['NULL', `${r}.company_id`, 'NULL'],
    update: ['OLD'],
  },
  lot_plots: { events: ALL, key: (r) => ['NULL', `${r}.company_id`, 'NULL'], update: ['OLD'] },
};

/** Every table some public answer reads (each field list knows its tables), with what a write makes stale. */
export const WATCHED: readonly Watched[] = [...new Set(Object.values(ANSWERS).flatMap(tablesOf))].map(
  (table) => ({
    table,
    ...TABLES[table],
  }),
);

/** The rows of a write a change is told for. */
export const rowsOf = (w: Watched, event: WriteEvent): Row[] =>
  event === 'INSERT' ? ['NEW'] : event === 'DELETE' ? ['OLD'] : (w.update ?? ['OLD', 'NEW']);
