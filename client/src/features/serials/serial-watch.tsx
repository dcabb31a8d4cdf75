import type { inferRouterOutputs } from '@trpc/server';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { Button } from '#client/components/ui/button.tsx';
import { type Column, DataTable, TableOrState } from '#client/components/ui/data-table.tsx';
import { Field } from '#client/components/ui/field.tsx';
import { formatScanTime } from '#client/features/public/format-date.ts';
import { useTRPC } from '#client/lib/trpc.ts';
import type { AppRouter } from '#server/trpc/root.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { serialVerdict as sv } from '#shared/i18n/vi/serial-verdict.ts';
import { serialsWorkspace as sw } from '#shared/i18n/vi/serials-workspace.ts';
import { suspectThresholdInput } from '#shared/schemas/serial-verdict.ts';

type Outputs = inferRouterOutputs<AppRouter>;
/** A suspect item and a fake report as the dashboard lists them: the procedures' own answers. */
type SuspectRow = Outputs['serials']['suspects']['items'][number];
type ReportRow = Outputs['serials']['listReports']['items'][number];

const reasonText = (reason: string | null) =>
  (reason && (sv.reasons as Record<string, string>)[reason]) || reason || '';

const SUSPECT_COLUMNS: Column<SuspectRow>[] = [
  {
    header: sw.serial,
    rowHeader: true,
    className: 'font-mono font-semibold text-ink',
    cell: (r) => r.serial,
  },
  { header: sw.product, className: '[overflow-wrap:anywhere]', cell: (r) => r.productName },
  { header: sw.scans, cell: (r) => r.count.toLocaleString('vi-VN') },
  {
    header: sw.firstSeen,
    cell: (r) =>
      [r.firstVerifiedAt ? formatScanTime(r.firstVerifiedAt) : '', r.firstProvince]
        .filter(Boolean)
        .join(', '),
  },
  { header: sw.reason, cell: (r) => reasonText(r.suspectReason) },
  { header: sw.suspectAt, cell: (r) => formatScanTime(r.suspectAt) },
];

const REPORT_COLUMNS: Column<ReportRow>[] = [
  { header: sw.shop, rowHeader: true, className: 'font-semibold text-ink', cell: (r) => r.shopName },
  {
    header: sw.serial,
    className: 'font-mono',
    cell: (r) => (r.issued ? r.serial : `${r.serial} (${sw.notIssued})`),
  },
  {
    header: sw.province,
    cell: (r) => (r.province ? `${r.province}${r.provinceApproximate ? ` ${sw.approximate}` : ''}` : ''),
  },
  { header: sw.note, className: '[overflow-wrap:anywhere]', cell: (r) => r.note },
  {
    header: sw.photo,
    card: 'image',
    cell: (r) =>
      r.photo ? (
        <a href={r.photo} target="_blank" rel="noreferrer">
          <img src={r.photo} alt={sw.photoOf(r.shopName)} className="h-16 w-16 rounded object-cover" />
        </a>
      ) : (
        ''
      ),
  },
  { header: sw.reportedAt, cell: (r) => formatScanTime(r.createdAt) },
];

/**
 * The company's suspect items and where its items were opened, then the shoppers' fake reports.
 * `quiet` (the dashboard): nothing at all until there is something to watch, so a company that prints no
 * serials sees no empty section.
 */
export function SerialWatch({ quiet = false }: { quiet?: boolean }) {
  const trpc = useTRPC();
  const suspects = useQuery(trpc.serials.suspects.queryOptions({ limit: 50 }));
  const [before, setBefore] = useState<number[]>([]);
  const reports = useQuery(
    trpc.serials.listReports.queryOptions({ limit: 20, ...(before.length ? { before: before.at(-1) } : {}) }),
  );
  const items = suspects.data?.items ?? [];
  const provinces = suspects.data?.byProvince ?? [];
  const reportRows = reports.data?.items ?? [];
  const nothing =
    !suspects.data ||
    !reports.data ||
    (items.length + provinces.length + reportRows.length === 0 && !before.length);
  if (quiet && nothing) return null;
  return (
    <section aria-labelledby="serial-watch" className="flex flex-col gap-4">
      <h2 id="serial-watch" className="text-lg font-semibold text-ink">
        {sw.watchTitle}
      </h2>
      <h3 className="font-semibold text-ink">{sw.suspects}</h3>
      <TableOrState
        loading={suspects.isLoading}
        failed={suspects.isError}
        onRetry={() => void suspects.refetch()}
        empty={items.length === 0 && sw.noSuspects}
      >
        <DataTable
          rows={items}
          rowKey={(r) => r.serial}
          rowName={(r) => r.serial}
          columns={SUSPECT_COLUMNS}
        />
      </TableOrState>
      <h3 className="font-semibold text-ink">{sw.provinces}</h3>
      {suspects.data &&
        (provinces.length === 0 ? (
          <p className="text-sm text-ink-soft">{sw.noProvinces}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
            {provinces.map((p) => (
              <li
                key={p.province ?? ''}
                className="flex justify-between gap-3 rounded border border-line bg-surface px-3 py-2"
              >
                <span className="text-ink">{p.province ?? sw.unknownProvince}</span>
                <span className="font-semibold text-ink">
                  {p.opens.toLocaleString('vi-VN')} <span className="sr-only">{sw.opens}</span>
                </span>
              </li>
            ))}
          </ul>
        ))}
      <h3 className="font-semibold text-ink">{sw.reports}</h3>
      <TableOrState
        loading={reports.isLoading}
        failed={reports.isError}
        onRetry={() => void reports.refetch()}
        empty={reportRows.length === 0 && before.length === 0 && sw.noReports}
      >
        <DataTable
          rows={reportRows}
          rowKey={(r) => r.id}
          rowName={(r) => r.shopName}
          columns={REPORT_COLUMNS}
        />
      </TableOrState>
      <div className="flex gap-2">
        {before.length > 0 && (
          <Button variant="outline" size="sm" onClick={() => setBefore((b) => b.slice(0, -1))}>
            {vi.workspace.common.previous}
          </Button>
        )}
        {reports.data?.nextBefore != null && (
          <Button
            variant="outline"
            size="sm"
            onClick={() => setBefore((b) => [...b, reports.data?.nextBefore ?? 0])}
          >
            {vi.workspace.common.next}
          </Button>
        )}
      </div>
    </section>
  );
}

/** The count of scans past which an item is suspect, the company's own (COMPANY_ADMIN sets it). */
export function SuspectThresholdForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const suspects = useQuery(trpc.serials.suspects.queryOptions({ limit: 50 }));
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const save = useMutation(
    trpc.serials.setSuspectThreshold.mutationOptions({
      onSuccess: () => {
        toast.success(sv.thresholdSaved);
        setValue(null);
        void queryClient.invalidateQueries({ queryKey: trpc.serials.suspects.pathKey() });
      },
    }),
  );
  const shown = value ?? (suspects.data ? String(suspects.data.threshold) : '');
  return (
    <form
      noValidate
      className="flex flex-col gap-2 rounded-lg border border-line bg-surface p-4 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        const parsed = suspectThresholdInput.safeParse({
          threshold: shown.trim() === '' ? Number.NaN : shown,
        });
        if (!parsed.success) {
          setError(sw.thresholdInvalid);
          return;
        }
        setError(undefined);
        save.mutate(parsed.data);
      }}
    >
      <div className="flex-1">
        <Field
          label={sw.threshold}
          inputMode="numeric"
          autoComplete="off"
          value={shown}
          error={error}
          onChange={(e) => setValue(e.target.value)}
        />
        <p className="mt-1 text-sm text-ink-soft">{sw.thresholdHint}</p>
      </div>
      <Button type="submit" disabled={save.isPending || !suspects.data}>
        {vi.workspace.common.save}
      </Button>
    </form>
  );
}
