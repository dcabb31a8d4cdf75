import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import { supplyChainWorkspace as sc } from '#shared/i18n/vi/supply-chain-workspace.ts';
import { countryName } from '#shared/countries.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import {
  type Column,
  DataTable,
  editDeleteActions,
  TableOrState,
} from '#client/components/ui/data-table.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { PageHeading } from '#client/components/ui/page-heading.tsx';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { useDebounced } from '#client/features/products/use-debounced.ts';
import {
  type MovementImportKind,
  MovementImportDialog,
} from '#client/features/supply-chain/movement-import-dialog.tsx';
import { PartnerFormDialog } from '#client/features/supply-chain/partner-form.tsx';
import type { PartnerRow } from '#client/features/supply-chain/types.ts';
import { useTRPC } from '#client/lib/trpc.ts';

const t = sc.partners;
const c = vi.workspace.common;
const PAGE_SIZE = 20;

const COLUMNS: Column<PartnerRow>[] = [
  {
    header: t.name,
    rowHeader: true,
    className: 'font-semibold text-ink [overflow-wrap:anywhere]',
    cell: (p) => p.name,
  },
  {
    header: t.kind,
    card: 'status',
    cell: (p) => <Badge tone={p.kind === 'CUSTOMER' ? 'muted' : 'ok'}>{t.kinds[p.kind]}</Badge>,
  },
  { header: t.taxCode, className: 'font-mono', cell: (p) => p.taxCode ?? '' },
  {
    header: t.contact,
    className: '[overflow-wrap:anywhere]',
    cell: (p) => [p.phone, p.email].filter(Boolean).join(' · '),
  },
  {
    header: t.address,
    className: '[overflow-wrap:anywhere]',
    cell: (p) =>
      [p.address, p.province, p.country === 'VN' ? '' : countryName(p.country)].filter(Boolean).join(', '),
  },
  { header: t.publicNameShort, cell: (p) => (p.publicName ? c.yes : c.no) },
];

/** '/partners': the company's suppliers and customers, their form, and the receipts and shipments import. */
export default function PartnersPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [kind, setKind] = useState<'' | 'SUPPLIER' | 'CUSTOMER'>('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<PartnerRow | null>(null);
  const [importing, setImporting] = useState<MovementImportKind | null>(null);
  const q = useDebounced(search.trim());

  const list = useQuery({
    ...trpc.partners.list.queryOptions({
      page,
      limit: PAGE_SIZE,
      ...(q ? { q } : {}),
      ...(kind ? { kind } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation(
    trpc.partners.delete.mutationOptions({
      onSuccess: () => {
        toast.success(t.deleted);
        setDeleting(null);
        void queryClient.invalidateQueries({ queryKey: trpc.partners.pathKey() });
      },
      // The server's refusal (a partner named on receipts or shipments) is toasted in its own words.
      onError: () => setDeleting(null),
    }),
  );

  const partners = list.data?.partners ?? [];
  return (
    <div>
      <PageHeading title={t.title}>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setImporting('receipts')}>
            {t.importReceipts}
          </Button>
          <Button variant="outline" onClick={() => setImporting('shipments')}>
            {t.importShipments}
          </Button>
          <Button onClick={() => setEditing(null)}>{t.add}</Button>
        </div>
      </PageHeading>
      <div role="search" className="mb-4 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <Field
          className="sm:col-span-2"
          label={c.search}
          type="search"
          placeholder={t.search}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
        />
        <SelectField
          label={t.kindFilter}
          value={kind}
          placeholder={t.allKinds}
          options={[
            { value: 'SUPPLIER', label: t.kinds.SUPPLIER },
            { value: 'CUSTOMER', label: t.kinds.CUSTOMER },
          ]}
          onChange={(e) => {
            setKind(e.target.value as typeof kind);
            setPage(1);
          }}
        />
      </div>
      <TableOrState
        loading={list.isLoading}
        failed={list.isError}
        onRetry={() => void list.refetch()}
        empty={partners.length === 0 && (q || kind ? t.noMatch : t.empty)}
      >
        <DataTable
          rows={partners}
          rowKey={(p) => p.id}
          rowName={(p) => p.name}
          columns={COLUMNS}
          actions={(p) =>
            editDeleteActions({
              name: p.name,
              onEdit: () => setEditing(p.id),
              onDelete: () => setDeleting(p),
            })
          }
        />
      </TableOrState>
      <Pagination page={page} pageSize={PAGE_SIZE} total={list.data?.count ?? 0} onPage={setPage} />

      <PartnerFormDialog
        partnerId={editing ?? null}
        open={editing !== undefined}
        onOpenChange={(open) => !open && setEditing(undefined)}
      />
      <MovementImportDialog kind={importing} onOpenChange={(open) => !open && setImporting(null)} />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? t.deleteConfirmTitle(deleting.name) : ''}
        message={t.deleteConfirmText}
        confirmLabel={c.delete}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </div>
  );
}
