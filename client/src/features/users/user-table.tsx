import { vi } from '../../../../shared/i18n/vi/index.ts';
import { Button } from '../../components/ui/button.tsx';
import type { UserRow } from './types.ts';

const t = vi.workspace.users;
const c = vi.workspace.common;

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
  const selectable = users.filter((u) => !u.deletedAt && u.id !== selfId);
  const allOn = selectable.length > 0 && selectable.every((u) => selected.has(u.id));
  return (
    <div className="overflow-x-auto rounded-lg border border-line bg-surface">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-line bg-soft text-ink-soft">
          <tr>
            <th className="px-3 py-2">
              <input
                type="checkbox"
                aria-label={t.selectAll}
                checked={allOn}
                disabled={selectable.length === 0}
                onChange={(e) =>
                  onSelect(
                    selectable.map((u) => u.id),
                    e.target.checked,
                  )
                }
              />
            </th>
            <th className="px-3 py-2">{t.columns.name}</th>
            <th className="px-3 py-2">{t.columns.email}</th>
            <th className="px-3 py-2">{t.columns.role}</th>
            <th className="px-3 py-2">{t.columns.status}</th>
            <th className="px-3 py-2">{t.columns.phone}</th>
            <th className="px-3 py-2 text-end">{c.actions}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((u) => {
            const self = u.id === selfId;
            return (
              <tr key={u.id} className="border-b border-line last:border-0">
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label={t.selectUser(u.name)}
                    checked={selected.has(u.id)}
                    disabled={!!u.deletedAt || self}
                    onChange={(e) => onSelect([u.id], e.target.checked)}
                  />
                </td>
                <th scope="row" className="px-3 py-2 font-medium text-ink">
                  {u.name} {self && <span className="text-xs font-normal text-ink-soft">{t.you}</span>}
                </th>
                <td className="px-3 py-2">{u.email}</td>
                <td className="px-3 py-2">{t.roles[u.role]}</td>
                <td className="px-3 py-2">{u.deletedAt ? t.statuses.DELETED : t.statuses[u.status]}</td>
                <td className="px-3 py-2">{u.phoneNumber ?? ''}</td>
                <td className="px-3 py-2">
                  <div className="flex flex-wrap justify-end gap-1">
                    {u.deletedAt ? (
                      <>
                        <Button variant="outline" size="sm" onClick={() => onRestore(u)}>
                          {t.restore}
                        </Button>
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-red-600"
                          onClick={() => onDeletePermanently(u)}
                        >
                          {t.deletePermanently}
                        </Button>
                      </>
                    ) : (
                      <>
                        <Button
                          variant="outline"
                          size="sm"
                          aria-label={`${c.edit} ${u.name}`}
                          onClick={() => onEdit(u)}
                        >
                          {c.edit}
                        </Button>
                        {!self && (
                          <Button
                            variant="ghost"
                            size="sm"
                            className="text-red-600"
                            aria-label={`${c.delete} ${u.name}`}
                            onClick={() => onDelete(u)}
                          >
                            {c.delete}
                          </Button>
                        )}
                      </>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
