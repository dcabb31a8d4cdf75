import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { USER_PAGE_SIZE } from '#shared/constants.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { PageHeading } from '#client/components/ui/page-heading.tsx';
import { TableOrState } from '#client/components/ui/data-table.tsx';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { useDebounced } from '#client/features/products/use-debounced.ts';
import { StatusTabs } from '#client/features/users/status-tabs.tsx';
import type { UserRow, UserTab } from '#client/features/users/types.ts';
import { UserFormDialog } from '#client/features/users/user-form.tsx';
import { UserTable } from '#client/features/users/user-table.tsx';
import { useTRPC } from '#client/lib/trpc.ts';
import { useSession } from '#client/session/SessionProvider.tsx';

const t = vi.workspace.users;
const c = vi.workspace.common;
const SORTS = ['displayName', 'email', 'createdAt', 'role', 'status'] as const;

type Confirm = { kind: 'soft'; ids: number[] } | { kind: 'permanent'; user: UserRow } | null;

/** '/users': a company admin's staff (a super admin: every account), by status, with soft and permanent deletes. */
export default function UsersPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { state } = useSession();
  const me = state.currentUser;
  const [tab, setTab] = useState<UserTab>('all');
  const [search, setSearch] = useState('');
  const [sortField, setSortField] = useState<(typeof SORTS)[number]>('displayName');
  const [sortOrder, setSortOrder] = useState<'asc' | 'desc'>('asc');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<UserRow | null | undefined>(undefined);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const term = useDebounced(search.trim());

  const list = useQuery({
    ...trpc.users.list.queryOptions({
      pageIndex: page,
      pageSize: USER_PAGE_SIZE,
      sortField,
      sortOrder,
      ...(term ? { searchName: term } : {}),
      ...(tab !== 'all' ? { status: tab } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const counts = useQuery(trpc.users.countStatus.queryOptions());
  const refresh = (message: string) => {
    toast.success(message);
    setSelected(new Set());
    setConfirm(null);
    void queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() });
  };
  const softOne = useMutation(
    trpc.users.delete.mutationOptions({ onSuccess: () => refresh(vi.users.deleted) }),
  );
  const softMany = useMutation(
    trpc.users.deleteMany.mutationOptions({ onSuccess: (_d, v) => refresh(t.deletedMany(v.ids.length)) }),
  );
  const restore = useMutation(
    trpc.users.restore.mutationOptions({ onSuccess: () => refresh(vi.users.restored) }),
  );
  const purge = useMutation(
    trpc.users.deletePermanently.mutationOptions({ onSuccess: () => refresh(vi.users.deletedPermanently) }),
  );

  const users = list.data?.users ?? [];
  const reset = () => {
    setPage(1);
    setSelected(new Set());
  };
  return (
    <div>
      <PageHeading title={t.title}>
        <div className="flex flex-wrap gap-2">
          {selected.size > 0 && (
            <Button variant="danger" onClick={() => setConfirm({ kind: 'soft', ids: [...selected] })}>
              {t.deleteSelected(selected.size)}
            </Button>
          )}
          <Button onClick={() => setEditing(null)}>{t.add}</Button>
        </div>
      </PageHeading>
      <StatusTabs
        value={tab}
        counts={counts.data}
        onChange={(next) => {
          setTab(next);
          reset();
        }}
      />
      <div role="search" className="mb-4 grid gap-3 sm:grid-cols-3">
        <Field
          label={c.search}
          type="search"
          placeholder={t.searchPlaceholder}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            reset();
          }}
        />
        <SelectField
          label={c.sortBy}
          value={sortField}
          options={SORTS.map((f) => ({ value: f, label: t.sortFields[f] }))}
          onChange={(e) => setSortField(e.target.value as (typeof SORTS)[number])}
        />
        <SelectField
          label={c.order}
          value={sortOrder}
          options={[
            { value: 'asc', label: c.asc },
            { value: 'desc', label: c.desc },
          ]}
          onChange={(e) => setSortOrder(e.target.value as 'asc' | 'desc')}
        />
      </div>
      <TableOrState
        loading={list.isLoading}
        failed={list.isError}
        onRetry={() => void list.refetch()}
        empty={users.length === 0 && c.empty}
      >
        <UserTable
          showCompany={me?.role === 'SUPER_ADMIN'}
          users={users}
          selfId={me?.id}
          selected={selected}
          onSelect={(ids, on) =>
            setSelected((prev) => {
              const next = new Set(prev);
              for (const id of ids) on ? next.add(id) : next.delete(id);
              return next;
            })
          }
          onEdit={setEditing}
          onDelete={(u) => setConfirm({ kind: 'soft', ids: [u.id] })}
          onRestore={(u) => restore.mutate({ id: u.id })}
          onDeletePermanently={(u) => setConfirm({ kind: 'permanent', user: u })}
        />
      </TableOrState>
      <Pagination page={page} pageSize={USER_PAGE_SIZE} total={list.data?.count ?? 0} onPage={setPage} />

      {me && (
        <UserFormDialog
          open={editing !== undefined}
          user={editing ?? null}
          actorRole={me.role}
          onOpenChange={(open) => !open && setEditing(undefined)}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        title={confirm?.kind === 'permanent' ? t.permanentTitle : t.softDeleteTitle}
        message={
          confirm?.kind === 'permanent'
            ? t.permanentMessage(confirm.user.name)
            : t.softDeleteMessage(confirm?.kind === 'soft' ? confirm.ids.length : 1)
        }
        confirmLabel={confirm?.kind === 'permanent' ? t.deletePermanently : c.delete}
        busy={softOne.isPending || softMany.isPending || purge.isPending}
        onConfirm={() => {
          if (confirm?.kind === 'permanent') purge.mutate({ id: confirm.user.id });
          else if (confirm?.kind === 'soft' && confirm.ids.length === 1)
            softOne.mutate({ id: confirm.ids[0] as number });
          else if (confirm?.kind === 'soft') softMany.mutate({ ids: confirm.ids });
        }}
      />
    </div>
  );
}
