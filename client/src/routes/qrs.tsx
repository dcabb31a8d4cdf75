import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { vi } from '#shared/i18n/vi/index.ts';
import { SHORT_LINK_BATCH_MAX, SHORT_LINK_PAGE_SIZE } from '#shared/schemas/shortLinks.ts';
import { Button } from '#client/components/ui/button.tsx';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { PageHeading } from '#client/components/ui/page-heading.tsx';
import { TableOrState } from '#client/components/ui/data-table.tsx';
import { Pagination } from '#client/components/ui/pagination.tsx';
import { SelectField } from '#client/components/ui/select-field.tsx';
import { BindDialog } from '#client/features/qrs/bind-dialog.tsx';
import {
  CodeTable,
  type QrFormat,
  type ShortLinkRow,
  printCode,
  qrFile,
} from '#client/features/qrs/code-table.tsx';
import { type PrintCode, PrintSheet } from '#client/features/qrs/print-sheet.tsx';
import { useTRPC } from '#client/lib/trpc.ts';
import { useSession } from '#client/session/SessionProvider.tsx';

const t = vi.workspace.qrs;
const c = vi.workspace.common;
type BoundFilter = '' | 'true' | 'false';

/** '/qrs': batches of codes to print first and bind later, single downloads and the A4 label sheet. */
export default function QrsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { state } = useSession();
  const [count, setCount] = useState('24');
  const [bound, setBound] = useState<BoundFilter>('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Map<string, PrintCode>>(new Map());
  const [binding, setBinding] = useState<string | null>(null);
  const [printing, setPrinting] = useState<PrintCode[] | null>(null);
  const [warnDownload, setWarnDownload] = useState<{ row: ShortLinkRow; format: QrFormat } | null>(null);

  const list = useQuery({
    ...trpc.shortLinks.list.queryOptions({
      page,
      limit: SHORT_LINK_PAGE_SIZE,
      ...(bound ? { bound: bound === 'true' } : {}),
    }),
    placeholderData: keepPreviousData,
  });
  const create = useMutation(
    trpc.shortLinks.create.mutationOptions({
      onSuccess: (codes) => {
        toast.success(t.generated(codes.length));
        void queryClient.invalidateQueries({ queryKey: trpc.shortLinks.pathKey() });
        setPage(1);
        // The new batch is selected, ready to print.
        setSelected(new Map(codes.map((x) => [x.code, { code: x.code, url: x.url }])));
      },
    }),
  );

  if (printing) return <PrintSheet codes={printing} onBack={() => setPrinting(null)} />;

  const rows = list.data?.shortLinks ?? [];
  const n = Number(count);
  const validCount = Number.isInteger(n) && n >= 1 && n <= SHORT_LINK_BATCH_MAX;
  const hasCompany = state.currentUser?.companyId != null;
  return (
    <div>
      <PageHeading title={t.title} />
      {hasCompany && (
        <form
          className="mb-4 flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (validCount) create.mutate({ count: n });
          }}
        >
          <Field
            label={t.count}
            type="number"
            min={1}
            max={SHORT_LINK_BATCH_MAX}
            value={count}
            onChange={(e) => setCount(e.target.value)}
            className="w-40"
          />
          <Button type="submit" disabled={!validCount || create.isPending}>
            {t.generate}
          </Button>
        </form>
      )}
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <SelectField
          label={t.filter}
          value={bound}
          className="w-56"
          placeholder={c.all}
          options={[
            { value: 'true', label: t.bound },
            { value: 'false', label: t.free },
          ]}
          onChange={(e) => {
            setBound(e.target.value as BoundFilter);
            setPage(1);
          }}
        />
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            disabled={rows.length === 0}
            onClick={() => setPrinting(rows.map(printCode))}
          >
            {t.printPage}
          </Button>
          <Button disabled={selected.size === 0} onClick={() => setPrinting([...selected.values()])}>
            {t.printSelected(selected.size)}
          </Button>
        </div>
      </div>
      <TableOrState
        loading={list.isLoading}
        failed={list.isError}
        onRetry={() => void list.refetch()}
        empty={rows.length === 0 && t.empty}
      >
        <CodeTable
          rows={rows}
          showCompany={state.currentUser?.role === 'SUPER_ADMIN'}
          selected={new Set(selected.keys())}
          onBind={setBinding}
          onDownloadInactive={(row, format) => setWarnDownload({ row, format })}
          onSelect={(codes, on) =>
            setSelected((prev) => {
              const next = new Map(prev);
              for (const code of codes) {
                const row = rows.find((r) => r.code === code);
                if (on && row) next.set(code, printCode(row));
                else next.delete(code);
              }
              return next;
            })
          }
        />
      </TableOrState>
      <Pagination
        page={page}
        pageSize={SHORT_LINK_PAGE_SIZE}
        total={list.data?.total ?? 0}
        onPage={setPage}
      />
      <BindDialog code={binding} onClose={() => setBinding(null)} />
      <ConfirmDialog
        open={warnDownload !== null}
        onOpenChange={(open) => !open && setWarnDownload(null)}
        title={t.inactiveTitle}
        message={warnDownload ? t.inactiveMessage(warnDownload.row.product?.name ?? '') : ''}
        confirmLabel={t.downloadAnyway}
        danger={false}
        onConfirm={() => {
          if (!warnDownload) return;
          const { row, format } = warnDownload;
          const link = Object.assign(document.createElement('a'), {
            href: qrFile(row, format),
            download: `${row.code}.${format}`,
          });
          link.click();
        }}
      />
    </div>
  );
}
