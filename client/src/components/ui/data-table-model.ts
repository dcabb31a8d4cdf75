/** What a workspace list is made of (columns, selection, row actions), shared by its table and its cards. */
import type { Key, ReactNode } from 'react';
import type { RowAction } from './row-actions.tsx';

export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The cell that names the row: a `<th scope="row">`, so screen readers announce it with the row's other cells; a card's title. */
  rowHeader?: boolean;
  className?: string;
  /**
   * Where the column goes on a phone's card: its picture, the badge under the title, or nowhere
   * (`false`). By default it is one of the card's facts, under its header.
   */
  card?: 'image' | 'status' | false;
}

/** A checkbox per row plus one in the header for the whole page (rows it may not pick stay disabled). */
export interface TableSelection<T, K> {
  selected: Set<K>;
  onSelect: (keys: K[], on: boolean) => void;
  allLabel: string;
  rowLabel: (row: T) => string;
  canSelect?: (row: T) => boolean;
}

export interface DataTableProps<T, K extends Key> {
  rows: readonly T[];
  rowKey: (row: T) => K;
  /** The row's name in plain text, for its actions menu ('Thao tác: Cà phê'). */
  rowName: (row: T) => string;
  columns: readonly Column<T>[];
  selection?: TableSelection<T, K>;
  actions?: (row: T) => RowAction[];
}

/** Which rows the page's checkbox picks, and whether all of them are picked. */
export function pageSelection<T, K extends Key>(
  rows: readonly T[],
  rowKey: (row: T) => K,
  selection: TableSelection<T, K> | undefined,
) {
  const canSelect = selection?.canSelect ?? (() => true);
  const selectable = selection ? rows.filter(canSelect) : [];
  const allOn = selectable.length > 0 && selectable.every((r) => selection?.selected.has(rowKey(r)));
  return { canSelect, selectable, allOn };
}
