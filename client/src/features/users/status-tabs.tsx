import { vi } from '#shared/i18n/vi/index.ts';
import { cn } from '#client/lib/cn.ts';
import type { UserTab } from './types.ts';

const t = vi.workspace.users;
export const USER_TABS: UserTab[] = ['all', 'ACTIVE', 'PENDING', 'DISABLED', 'DELETED'];

export interface UserCounts {
  total: number;
  totalActive: number;
  totalPending: number;
  totalDisabled: number;
  totalDeleted: number;
}

const countOf = (tab: UserTab, c: UserCounts | undefined) =>
  !c
    ? undefined
    : {
        all: c.total,
        ACTIVE: c.totalActive,
        PENDING: c.totalPending,
        DISABLED: c.totalDisabled,
        DELETED: c.totalDeleted,
      }[tab];

/**
 * The status filter with its counts. Plain toggle buttons (aria-pressed) in a named group, not tabs:
 * they filter one table rather than switch between panels (docs/decisions/097).
 */
export function StatusTabs({
  value,
  counts,
  onChange,
}: {
  value: UserTab;
  counts?: UserCounts;
  onChange: (tab: UserTab) => void;
}) {
  return (
    <div role="group" aria-label={t.status} className="mb-4 flex flex-wrap gap-1 border-b border-line">
      {USER_TABS.map((tab) => (
        <button
          key={tab}
          type="button"
          aria-pressed={value === tab}
          onClick={() => onChange(tab)}
          className={cn(
            '-mb-px flex min-h-10 items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-primary',
            value === tab ? 'border-primary text-primary' : 'border-transparent text-ink-soft hover:text-ink',
          )}
        >
          {t.tabs[tab]}
          <span className="rounded-full bg-soft px-2 text-xs">{countOf(tab, counts) ?? '…'}</span>
        </button>
      ))}
    </div>
  );
}
