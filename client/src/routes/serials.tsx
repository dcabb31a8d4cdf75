import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { toast } from 'react-toastify';
import { Badge } from '#client/components/ui/badge.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { type Column, DataTable, TableOrState } from '#client/components/ui/data-table.tsx';
import { PageHeading } from '#client/components/ui/page-heading.tsx';
import type { RowAction } from '#client/components/ui/row-actions.tsx';
import { formatScanTime } from '#client/features/public/format-date.ts';
import { type PrintCode, PrintSheet } from '#client/features/qrs/print-sheet.tsx';
import { BatchFormDialog } from '#client/features/serials/batch-form.tsx';
import { batchCsvPath, readSerialRange } from '#client/features/serials/csv-range.ts';
import { PrintRangeDialog, type SeqRange, VoidRangeDialog } from '#client/features/serials/range-dialogs.tsx';
import { SerialWatch, SuspectThresholdForm } from '#client/features/serials/serial-watch.tsx';
import { apiDownload } from '#client/lib/api-fetch.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import { useSession } from '#client/session/SessionProvider.tsx';
import { vi } from '#shared/i18n/vi/index.ts';
import { serials as serialMessages } from '#shared/i18n/vi/serials.ts';
import { serialsWorkspace as sw } from '#shared/i18n/vi/serials-workspace.ts';
import { roleCan } from '#shared/permissions.ts';
import type { SerialBatchView } from '#shared/schemas/serials.ts';

const PAGE_SIZE = 20;
const n = (v: number) => v.toLocaleString('vi-VN');

/**
 * A batch's state: while GENERATING its progress, polled from getBatch each second until it is done
 * (then the list is read again, so its actions follow).
 */
function BatchStatus({ batch }: { batch: SerialBatchView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const generating = batch.status === 'GENERATING';
  const live = useQuery({
    ...trpc.serials.getBatch.queryOptions({ id: batch.id }),
    enabled: generating,
    refetchInterval: (q) => (q.state.data && q.state.data.status !== 'GENERATING' ? false : 1000),
  });
  const now = generating && live.data ? live.data : batch;
  useEffect(() => {
    if (generating && now.status !== 'GENERATING')
      void queryClient.invalidateQueries({ queryKey: trpc.serials.listBatches.pathKey() });
  }, [generating, now.status, queryClient, trpc]);
  if (batch.voidedAt) return <Badge tone="danger">{sw.voidedBadge}</Badge>;
  if (now.status === 'GENERATING')
    return (
      <div className="flex min-w-40 flex-col gap-1">
        <Badge tone="warning">{sw.statuses.GENERATING}</Badge>
        <progress
          className="h-2 w-full"
          max={now.count}
          value={now.generated}
          aria-label={sw.progressLabel(sw.batchName(batch.productName, batch.lotCode))}
        />
        <span className="text-xs text-ink-soft" role="status">
          {sw.progress(n(now.generated), n(now.count))}
        </span>
      </div>
    );
  return (
    <span className="flex flex-col items-start gap-1">
      <Badge tone={now.status === 'READY' ? 'ok' : 'danger'}>{sw.statuses[now.status]}</Badge>
      {now.failure && <span className="text-xs text-danger">{now.failure}</span>}
      {batch.voids.length > 0 && (
        <span className="text-xs text-ink-soft">{sw.voidedRanges(batch.voids.length)}</span>
      )}
    </span>
  );
}

const COLUMNS: Column<SerialBatchView>[] = [
  {
    header: sw.product,
    rowHeader: true,
    className: 'font-semibold text-ink [overflow-wrap:anywhere]',
    cell: (b) => b.productName,
  },
  { header: sw.status, card: 'status', cell: (b) => <BatchStatus batch={b} /> },
  { header: vi.lots.workspace.code, className: 'font-mono', cell: (b) => b.lotCode ?? '' },
  { header: sw.count, cell: (b) => n(b.count) },
  { header: sw.pin, cell: (b) => (b.withPin ? vi.workspace.common.yes : vi.workspace.common.no) },
  { header: sw.created, cell: (b) => formatScanTime(b.createdAt) },
];

/** '/serials': the company's batches of per-item codes, their CSV, A4 sheets and voids, and the fake watch. */
export default function SerialsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { state } = useSession();
  const admin = roleCan(state.currentUser?.role ?? 'GUEST', 'manage', 'Manage');
  const [cursors, setCursors] = useState<number[]>([]);
  const [creating, setCreating] = useState(false);
  const [voidingAll, setVoidingAll] = useState<SerialBatchView | null>(null);
  const [voidingRange, setVoidingRange] = useState<SerialBatchView | null>(null);
  const [choosingPrint, setChoosingPrint] = useState<SerialBatchView | null>(null);
  const [printing, setPrinting] = useState<PrintCode[] | null>(null);
  const [reading, setReading] = useState(false);

  const list = useQuery({
    ...trpc.serials.listBatches.queryOptions({
      limit: PAGE_SIZE,
      ...(cursors.length ? { cursor: cursors.at(-1) } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.serials.pathKey() });
  const voidMutation = useMutation(
    trpc.serials.voidBatch.mutationOptions({
      onSuccess: () => {
        toast.success(serialMessages.voided);
        setVoidingAll(null);
        refresh();
      },
      onError: () => setVoidingAll(null),
    }),
  );
  const print = async (batch: SerialBatchView, range: SeqRange) => {
    setReading(true);
    try {
      const codes = await readSerialRange(batch.id, range.fromSeq, range.toSeq);
      setChoosingPrint(null);
      setPrinting(codes);
    } catch {
      toast.error(sw.printFailed);
    } finally {
      setReading(false);
    }
  };

  if (printing) return <PrintSheet codes={printing} onBack={() => setPrinting(null)} />;

  const batches = list.data?.items ?? [];
  const actions = (b: SerialBatchView): RowAction[] => {
    if (b.status !== 'READY' || b.voidedAt) return [];
    return [
      {
        label: sw.downloadCsv,
        onSelect: () =>
          void apiDownload(batchCsvPath(b.id), serialMessages.csvFile(b.id)).catch(() => undefined),
      },
      { label: sw.print, onSelect: () => setChoosingPrint(b) },
      { label: sw.voidRange, onSelect: () => setVoidingRange(b), danger: true },
      { label: sw.voidBatch, onSelect: () => setVoidingAll(b), danger: true },
    ];
  };
  return (
    <div className="flex flex-col gap-8">
      <div>
        <PageHeading title={sw.title}>
          <Button onClick={() => setCreating(true)}>{sw.create}</Button>
        </PageHeading>
        <p className="-mt-2 mb-4 max-w-3xl text-sm text-ink-soft">{sw.intro}</p>
        <section aria-labelledby="serial-batches" className="flex flex-col gap-3">
          <h2 id="serial-batches" className="text-lg font-semibold text-ink">
            {sw.list}
          </h2>
          <TableOrState
            loading={list.isLoading}
            failed={list.isError}
            onRetry={() => void list.refetch()}
            empty={batches.length === 0 && cursors.length === 0 && sw.empty}
          >
            <DataTable
              rows={batches}
              rowKey={(b) => b.id}
              rowName={(b) => sw.batchName(b.productName, b.lotCode)}
              columns={COLUMNS}
              actions={actions}
            />
          </TableOrState>
          <div className="flex gap-2">
            {cursors.length > 0 && (
              <Button variant="outline" size="sm" onClick={() => setCursors((c) => c.slice(0, -1))}>
                {vi.workspace.common.previous}
              </Button>
            )}
            {list.data?.nextCursor != null && (
              <Button
                variant="outline"
                size="sm"
                onClick={() => setCursors((c) => [...c, list.data?.nextCursor ?? 0])}
              >
                {vi.workspace.common.next}
              </Button>
            )}
          </div>
        </section>
      </div>
      {admin && <SuspectThresholdForm />}
      <SerialWatch />
      <BatchFormDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          setCursors([]);
          refresh();
        }}
      />
      <ConfirmDialog
        open={voidingAll !== null}
        onOpenChange={(o) => !o && setVoidingAll(null)}
        title={sw.voidBatchTitle}
        message={voidingAll ? sw.voidBatchMessage(n(voidingAll.count)) : ''}
        confirmLabel={sw.confirmVoid}
        busy={voidMutation.isPending}
        onConfirm={() => voidingAll && voidMutation.mutate({ batchId: voidingAll.id })}
      />
      <VoidRangeDialog
        batch={voidingRange}
        busy={voidMutation.isPending}
        onClose={() => setVoidingRange(null)}
        onVoid={(range) => voidingRange && voidMutation.mutate({ batchId: voidingRange.id, ...range })}
      />
      <PrintRangeDialog
        batch={choosingPrint}
        busy={reading}
        onClose={() => setChoosingPrint(null)}
        onPrint={(range) => choosingPrint && void print(choosingPrint, range)}
      />
    </div>
  );
}
