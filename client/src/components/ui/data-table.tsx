import type { Key, ReactNode } from 'react';

export type { Column, TableSelection } from './data-table-model.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { cn } from '#client/lib/cn.ts';
import { CardList } from './data-card-list.tsx';
import { LoadFailed } from './load-failed.tsx';
import { type DataTableProps, pageSelection } from './data-table-model.ts';
import { type RowAction, RowActionBar } from './row-actions.tsx';
import { useAtLeastSm } from './use-media-query.ts';

const CELL = 'px-3 py-2';

/**
 * The workspace's list: from `sm` up a bordered table with an optional selection column first and the
 * row's actions last (right-aligned under 'Thao tác': the first as a button, the others in a menu); below `sm` one card per row (picture, name,
 * status, the other facts) with its actions in a menu, so no list scrolls sideways on a phone.
 * One or the other is rendered, never both, so each row's text is on the page once.
 */
export function DataTable<T, K extends Key>(props: DataTableProps<T, K>) {
  return useAtLeastSm() ? <TableView {...props} /> : <CardList {...props} />;
}

function TableView<T, K extends Key>({
  rows,
  rowKey,
  rowName,
  columns,
  selection,
  actions,
}: DataTableProps<T, K>) {
  const { canSelect, selectable, allOn } = pageSelection(rows, rowKey, selection);
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
                    <RowActionBar name={rowName(row)} actions={actions(row)} />
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
export function editDeleteActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  /** Absent where the row may not be deleted (one's own account). */
  onDelete?: () => void;
}): RowAction[] {
  const c = vi.workspace.common;
  const edit: RowAction = { label: c.edit, ariaLabel: `${c.edit} ${name}`, onSelect: onEdit };
  if (!onDelete) return [edit];
  return [edit, { label: c.delete, ariaLabel: `${c.delete} ${name}`, onSelect: onDelete, danger: true }];
}

/**
 * A list's table, or 'Đang tải' while it loads, or where it failed to load the message and 'Thử lại'
 * (in place: the toast goes, the page stays), or `empty` (a dashed box) when the page has no rows.
 */
export function TableOrState({
  loading,
  failed = false,
  onRetry,
  empty,
  children,
}: {
  loading: boolean;
  failed?: boolean;
  onRetry?: () => void;
  /** The message to show instead of the table; false while there are rows. */
  empty: ReactNode | false;
  children: ReactNode;
}) {
  if (failed) return <LoadFailed onRetry={onRetry} />;
  if (loading) return <p role="status">{vi.workspace.common.loading}</p>;
  if (empty !== false) {
    return (
      <p className="rounded-lg border border-dashed border-line p-6 text-center text-ink-soft">{empty}</p>
    );
  }
  return children;
}
