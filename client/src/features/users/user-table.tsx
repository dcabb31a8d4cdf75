import { vi } from '../../../../shared/i18n/vi/index.ts';
import { Button } from '../../components/ui/button.tsx';
import { type Column, DataTable, EditDeleteActions } from '../../components/ui/data-table.tsx';
import type { UserRow } from './types.ts';

const t = vi.workspace.users;

/** One page of accounts with a checkbox each (for deleting many) and the row's actions. */
export function UserTable({
  users,
  selfId,
  selected,
  onSelect,
  onEdit,
  onDelete,
  onRestore,
  onDeletePermanently,
}: {
  users: UserRow[];
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
    { header: t.columns.status, cell: (u) => (u.deletedAt ? t.statuses.DELETED : t.statuses[u.status]) },
    { header: t.columns.phone, cell: (u) => u.phoneNumber ?? '' },
  ];
  return (
    <DataTable
      rows={users}
      rowKey={(u) => u.id}
      columns={columns}
      selection={{
        selected,
        onSelect,
        allLabel: t.selectAll,
        rowLabel: (u) => t.selectUser(u.name),
        canSelect: (u) => !u.deletedAt && u.id !== selfId,
      }}
      actions={(u) =>
        u.deletedAt ? (
          <>
            <Button variant="outline" size="sm" onClick={() => onRestore(u)}>
              {t.restore}
            </Button>
            <Button variant="ghost" size="sm" className="text-danger" onClick={() => onDeletePermanently(u)}>
              {t.deletePermanently}
            </Button>
          </>
        ) : (
          <EditDeleteActions
            name={u.name}
            onEdit={() => onEdit(u)}
            onDelete={u.id === selfId ? undefined : () => onDelete(u)}
          />
        )
      }
    />
  );
}
