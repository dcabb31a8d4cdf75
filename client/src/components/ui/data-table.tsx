import type { Key, ReactNode } from 'react';
import { vi } from '../../../../shared/i18n/vi/index.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';

const CELL = 'px-3 py-2';

export interface Column<T> {
  header: ReactNode;
  cell: (row: T) => ReactNode;
  /** The cell that names the row: a `<th scope="row">`, so screen readers announce it with the row's other cells. */
  rowHeader?: boolean;
  className?: string;
}

/** A checkbox per row plus one in the header for the whole page (rows it may not pick stay disabled). */
export interface TableSelection<T, K> {
  selected: Set<K>;
  onSelect: (keys: K[], on: boolean) => void;
  allLabel: string;
  rowLabel: (row: T) => string;
  canSelect?: (row: T) => boolean;
}

/**
 * The workspace's list table: bordered, scrolling sideways on narrow screens, with an optional selection
 * column first and the row's actions last (right-aligned under 'Thao tác').
 */
export function DataTable<T, K extends Key>({
  rows,
  rowKey,
  columns,
  selection,
  actions,
}: {
  rows: readonly T[];
  rowKey: (row: T) => K;
  columns: readonly Column<T>[];
  selection?: TableSelection<T, K>;
  actions?: (row: T) => ReactNode;
}) {
  const canSelect = selection?.canSelect ?? (() => true);
  const selectable = selection ? rows.filter(canSelect) : [];
  const allOn = selectable.length > 0 && selectable.every((r) => selection?.selected.has(rowKey(r)));
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-surface">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-line bg-soft text-ink-soft">
          <tr>
            {selection && (
              <th className={CELL}>
                <input
                  type="checkbox"
                  aria-label={selection.allLabel}
                  checked={allOn}
                  disabled={selectable.length === 0}
                  onChange={(e) => selection.onSelect(selectable.map(rowKey), e.target.checked)}
                />
              </th>
            )}
            {columns.map((col, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table's life
              <th key={i} className={CELL}>
                {col.header}
              </th>
            ))}
            {actions && <th className={cn(CELL, 'text-end')}>{vi.workspace.common.actions}</th>}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const key = rowKey(row);
            return (
              <tr key={key} className="border-b border-line last:border-0">
                {selection && (
                  <td className={CELL}>
                    <input
                      type="checkbox"
                      aria-label={selection.rowLabel(row)}
                      checked={selection.selected.has(key)}
                      disabled={!canSelect(row)}
                      onChange={(e) => selection.onSelect([key], e.target.checked)}
                    />
                  </td>
                )}
                {columns.map((col, i) =>
                  col.rowHeader ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table's life
                    <th key={i} scope="row" className={cn(CELL, col.className)}>
                      {col.cell(row)}
                    </th>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table's life
                    <td key={i} className={cn(CELL, col.className)}>
                      {col.cell(row)}
                    </td>
                  ),
                )}
                {actions && (
                  <td className={CELL}>
                    <div className="flex flex-wrap justify-end gap-1">{actions(row)}</div>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** 'Sửa' and 'Xoá' for a row, each named with the row ('Sửa Cà phê') so the buttons are told apart. */
export function EditDeleteActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  /** Absent where the row may not be deleted (one's own account). */
  onDelete?: () => void;
}) {
  const c = vi.workspace.common;
  return (
    <>
      <Button variant="outline" size="sm" aria-label={`${c.edit} ${name}`} onClick={onEdit}>
        {c.edit}
      </Button>
      {onDelete && (
        <Button
          variant="ghost"
          size="sm"
          className="text-danger"
          aria-label={`${c.delete} ${name}`}
          onClick={onDelete}
        >
          {c.delete}
        </Button>
      )}
    </>
  );
}

/** A list's table, or 'Đang tải' while it loads, or `empty` (a dashed box) when the page has no rows. */
export function TableOrState({
  loading,
  empty,
  children,
}: {
  loading: boolean;
  /** The message to show instead of the table; false while there are rows. */
  empty: ReactNode | false;
  children: ReactNode;
}) {
  if (loading) return <p role="status">{vi.workspace.common.loading}</p>;
  if (empty !== false) {
    return (
      <p className="rounded-lg border border-dashed border-line p-6 text-center text-ink-soft">{empty}</p>
    );
  }
  return children;
}
