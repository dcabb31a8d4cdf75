import type { Key, ReactNode } from 'react';
import { cn } from '#client/lib/cn.ts';
import { type DataTableProps, pageSelection } from './data-table-model.ts';
import { RowActionMenu } from './row-actions.tsx';

/** A list below `sm`: one card per row (picture, name, status badges, the other columns as facts, a '⋮' menu). */
export function CardList<T, K extends Key>({
  rows,
  rowKey,
  rowName,
  columns,
  selection,
  actions,
}: DataTableProps<T, K>) {
  const { canSelect, selectable, allOn } = pageSelection(rows, rowKey, selection);
  const image = columns.find((c) => c.card === 'image');
  const title = columns.find((c) => c.rowHeader);
  const status = columns.filter((c) => c.card === 'status');
  const facts = columns.filter((c) => !c.rowHeader && c.card === undefined);
  return (
    <div>
      {selection && (
        <label className="mb-2 flex min-h-11 items-center gap-3 px-1 text-sm text-ink-soft">
          <input
            type="checkbox"
            checked={allOn}
            disabled={selectable.length === 0}
            onChange={(e) => selection.onSelect(selectable.map(rowKey), e.target.checked)}
          />
          {selection.allLabel}
        </label>
      )}
      <ul className="grid gap-3" data-testid="card-list">
        {rows.map((row) => {
          const key = rowKey(row);
          const badges = status
            .map((c) => c.cell(row))
            .filter((v) => v !== '' && v !== null && v !== undefined);
          return (
            <li key={key} className="flex gap-3 rounded-lg border border-line bg-surface p-3 text-sm">
              {selection && (
                <input
                  type="checkbox"
                  className="mt-1 h-5 w-5 shrink-0"
                  aria-label={selection.rowLabel(row)}
                  checked={selection.selected.has(key)}
                  disabled={!canSelect(row)}
                  onChange={(e) => selection.onSelect([key], e.target.checked)}
                />
              )}
              {image && <div className="shrink-0">{image.cell(row)}</div>}
              <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">
                {title && <h3 className={cn('text-base', title.className)}>{title.cell(row)}</h3>}
                {badges.length > 0 && (
                  <div className="mt-1 flex flex-wrap gap-2">
                    {badges.map((badge, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table's life
                      <span key={i}>{badge}</span>
                    ))}
                  </div>
                )}
                <Facts
                  facts={facts.map((c) => ({ header: c.header, value: c.cell(row), className: c.className }))}
                />
              </div>
              {actions && <RowActionMenu name={rowName(row)} actions={actions(row)} />}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The card's other columns as "header: value" lines; a column with nothing in it (no phone number) is left out. */
function Facts({ facts }: { facts: { header: ReactNode; value: ReactNode; className?: string }[] }) {
  const shown = facts.filter((f) => f.value !== '' && f.value !== null && f.value !== undefined);
  if (shown.length === 0) return null;
  return (
    <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
      {shown.map((f, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed for a table's life
        <div key={i} className="contents">
          <dt className="text-ink-soft">{f.header}</dt>
          <dd className={cn('min-w-0', f.className)}>{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}
