import * as Tabs from '@radix-ui/react-tabs';
import { vi } from '../../../../shared/i18n/vi/index.ts';
import { cn } from '../../lib/cn.ts';
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

/** The status tabs with their counts (users count-status). */
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
    <Tabs.Root value={value} onValueChange={(v) => onChange(v as UserTab)}>
      <Tabs.List aria-label={t.status} className="mb-4 flex flex-wrap gap-1 border-b border-line">
        {USER_TABS.map((tab) => (
          <Tabs.Trigger
            key={tab}
            value={tab}
            className={cn(
              '-mb-px flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium',
              value === tab
                ? 'border-primary text-primary'
                : 'border-transparent text-ink-soft hover:text-ink',
            )}
          >
            {t.tabs[tab]}
            <span className="rounded-full bg-soft px-2 text-xs">{countOf(tab, counts) ?? '…'}</span>
          </Tabs.Trigger>
        ))}
      </Tabs.List>
    </Tabs.Root>
  );
}
