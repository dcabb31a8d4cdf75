import { vi } from '#shared/i18n/vi/index.ts';
import { type Column, DataTable, editDeleteActions } from '#client/components/ui/data-table.tsx';
import { type UserRow, userStatusLabel } from './types.ts';
import { withCompanyColumn } from '#client/features/company/company-column.tsx';

const t = vi.workspace.users;

/** One page of accounts with a checkbox each (for deleting many) and the row's actions. */
export function UserTable({
  users,
  showCompany = false,
  selfId,
  selected,
  onSelect,
  onEdit,
  onDelete,
  onRestore,
  onDeletePermanently,
}: {
  users: UserRow[];
  /** A SUPER_ADMIN's list, across companies. */
  showCompany?: boolean;
  selfId: number | undefined;
  selected: Set<number>;
  onSelect: (ids: number[], on: boolean) => void;
  onEdit: (u: UserRow) => void;
  onDelete: (u: UserRow) => void;
  onRestore: (u: UserRow) => void;
  onDeletePermanently: (u: UserRow) => void;
}) {
  const columns: Column<UserRow>[] = [
    {
      header: t.columns.name,
      rowHeader: true,
      className: 'font-medium text-ink',
      cell: (u) => (
        <>
          {u.name} {u.id === selfId && <span className="text-xs font-normal text-ink-soft">{t.you}</span>}
        </>
      ),
    },
    { header: t.columns.email, cell: (u) => u.email },
    { header: t.columns.role, cell: (u) => t.roles[u.role] },
    {
      header: t.columns.status,
      card: 'status',
      cell: (u) => userStatusLabel(u),
    },
    { header: t.columns.phone, cell: (u) => u.phoneNumber ?? '' },
  ];
  return (
    <DataTable
      rows={users}
      rowKey={(u) => u.id}
      rowName={(u) => u.name}
      columns={withCompanyColumn(columns, showCompany)}
      selection={{
        selected,
        onSelect,
        allLabel: t.selectAll,
        rowLabel: (u) => t.selectUser(u.name),
        canSelect: (u) => !u.deletedAt && u.id !== selfId,
      }}
      actions={(u) =>
        u.deletedAt
          ? [
              { label: t.restore, ariaLabel: `${t.restore} ${u.name}`, onSelect: () => onRestore(u) },
              {
                label: t.deletePermanently,
                ariaLabel: `${t.deletePermanently} ${u.name}`,
                onSelect: () => onDeletePermanently(u),
                danger: true,
              },
            ]
          : editDeleteActions({
              name: u.name,
              onEdit: () => onEdit(u),
              onDelete: u.id === selfId ? undefined : () => onDelete(u),
            })
      }
    />
  );
}
