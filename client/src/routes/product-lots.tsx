import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'wouter';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { type Column, DataTable, TableOrState } from '#client/components/ui/data-table.tsx';
import { PageHeading } from '#client/components/ui/page-heading.tsx';
import type { RowAction } from '#client/components/ui/row-actions.tsx';
import { LotFormDialog } from '#client/features/lots/lot-form.tsx';
import { LotImportDialog } from '#client/features/lots/lot-import-dialog.tsx';
import { RecallDialog } from '#client/features/lots/reason-dialogs.tsx';
import { lotPath } from '#client/features/lots/paths.ts';
import { lotWorkspacePath } from '#client/features/supply-chain/paths.ts';
import type { LotRow } from '#client/features/lots/types.ts';
import { formatTrackingDate } from '#client/features/public/format-date.ts';
import { useTRPC } from '#client/lib/trpc.ts';

const t = vi.lots.workspace;
const c = vi.workspace.common;
const day = (d: string | null) => (d ? formatTrackingDate(d) : '');

const s = vi.supplyChain.status;

const COLUMNS: Column<LotRow>[] = [
  {
    header: t.code,
    rowHeader: true,
    className: 'font-mono font-semibold text-ink',
    cell: (l) => (
      <Link href={lotWorkspacePath(l.productId, l.id)} className="text-primary underline">
        {l.code}
      </Link>
    ),
  },
  {
    header: t.status,
    card: 'status',
    cell: (l) =>
      l.recalled ? (
        <Badge tone="danger">{t.statusRecalled}</Badge>
      ) : l.held ? (
        <Badge tone="warning">{s.held}</Badge>
      ) : (
        <Badge tone="ok">{t.statusOk}</Badge>
      ),
  },
  { header: t.productionDate, cell: (l) => day(l.productionDate) },
  {
    header: t.expiryDate,
    cell: (l) => (l.expiryDate ? `${day(l.expiryDate)} (${vi.lots.expiryKinds[l.expiryKind]})` : ''),
  },
  {
    header: t.quantity,
    cell: (l) => (l.quantity === null ? '' : `${l.quantity.toLocaleString('vi-VN')} ${l.unit ?? ''}`),
  },
  {
    header: t.qrCode,
    cell: (l) =>
      l.qrCodes[0] ? (
        <a
          href={l.qrCodes[0].png}
          download={`${l.code}.png`}
          className="font-mono text-xs text-primary underline"
        >
          {l.qrCodes[0].code}
        </a>
      ) : (
        ''
      ),
  },
];

/** '/products/manage/:id/lots': a product's lots, their QR codes, recalls and the file import. */
export default function ProductLotsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const productId = Number(useParams<{ id: string }>().id);
  const valid = Number.isInteger(productId) && productId > 0;
  const product = useQuery({ ...trpc.products.get.queryOptions({ id: productId }), enabled: valid });
  const lots = useQuery({ ...trpc.lots.list.queryOptions({ productId }), enabled: valid });
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [importing, setImporting] = useState(false);
  const [recalling, setRecalling] = useState<LotRow | null>(null);
  const [lifting, setLifting] = useState<LotRow | null>(null);
  const [deleting, setDeleting] = useState<LotRow | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.lots.pathKey() });

  const lift = useMutation(
    trpc.lots.liftRecall.mutationOptions({
      onSuccess: () => {
        toast.success(vi.lots.recallLifted);
        setLifting(null);
        refresh();
      },
    }),
  );
  const remove = useMutation(
    trpc.lots.delete.mutationOptions({
      onSuccess: () => {
        toast.success(vi.lots.deleted);
        setDeleting(null);
        refresh();
      },
    }),
  );
  const makeQr = useMutation(
    trpc.lots.createQrCode.mutationOptions({
      onSuccess: () => {
        toast.success(vi.lots.codeCreated);
        refresh();
      },
    }),
  );

  const actions = (l: LotRow): RowAction[] => [
    { label: c.edit, ariaLabel: `${c.edit} ${l.code}`, onSelect: () => setEditing(l.id) },
    l.recalled
      ? { label: t.liftRecall, ariaLabel: `${t.liftRecall} ${l.code}`, onSelect: () => setLifting(l) }
      : {
          label: t.recall,
          ariaLabel: `${t.recall} ${l.code}`,
          onSelect: () => setRecalling(l),
          danger: true,
        },
    ...(l.qrCodes.length === 0
      ? [{ label: t.makeQr, ariaLabel: `${t.makeQr} ${l.code}`, onSelect: () => makeQr.mutate({ id: l.id }) }]
      : []),
    { label: t.publicPage, ariaLabel: `${t.publicPage} ${l.code}`, href: lotPath(l.id) },
    { label: c.delete, ariaLabel: `${c.delete} ${l.code}`, onSelect: () => setDeleting(l), danger: true },
  ];

  const rows = lots.data ?? [];
  return (
    <div>
      <PageHeading title={product.data ? `${t.title}: ${product.data.name}` : t.title}>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setImporting(true)} disabled={!valid}>
            {t.import}
          </Button>
          <Button onClick={() => setEditing(null)} disabled={!valid}>
            {t.add}
          </Button>
        </div>
      </PageHeading>
      <p className="mb-4 text-sm">
        <Link href="/products/manage" className="text-primary underline">
          {vi.nav.productManagement}
        </Link>
      </p>
      <TableOrState
        loading={lots.isLoading}
        failed={lots.isError || product.isError}
        onRetry={() => void lots.refetch()}
        empty={rows.length === 0 && t.empty}
      >
        <DataTable
          rows={rows}
          rowKey={(l) => l.id}
          rowName={(l) => l.code}
          columns={COLUMNS}
          actions={actions}
        />
      </TableOrState>

      {valid && (
        <>
          <LotFormDialog
            productId={productId}
            lotId={editing ?? null}
            open={editing !== undefined}
            onOpenChange={(open) => !open && setEditing(undefined)}
          />
          <LotImportDialog productId={productId} open={importing} onOpenChange={setImporting} />
        </>
      )}
      <RecallDialog lot={recalling} onClose={() => setRecalling(null)} />
      <ConfirmDialog
        open={lifting !== null}
        onOpenChange={(o) => !o && setLifting(null)}
        title={lifting ? t.liftConfirmTitle(lifting.code) : ''}
        message={t.liftConfirmText}
        confirmLabel={t.liftRecall}
        danger={false}
        busy={lift.isPending}
        onConfirm={() => lifting && lift.mutate({ id: lifting.id, version: lifting.version })}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => !o && setDeleting(null)}
        title={deleting ? t.deleteConfirmTitle(deleting.code) : ''}
        message={t.deleteConfirmText}
        confirmLabel={c.delete}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </div>
  );
}
