import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '#server/trpc/root.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { formatVietnamDay } from '#shared/vietnam-time.ts';
import { type Column, DataTable } from '#client/components/ui/data-table.tsx';
import { withCompanyColumn } from '#client/features/company/company-column.tsx';
import type { RowAction } from '#client/components/ui/row-actions.tsx';
import type { PrintCode } from './print-sheet.tsx';

export type ShortLinkRow = inferRouterOutputs<AppRouter>['shortLinks']['list']['shortLinks'][number];
export type QrFormat = 'png' | 'svg';

const t = vi.workspace.qrs;

/** A code whose product is not active: a shopper scanning it sees "not found" (decision 091). */
export const leadsNowhere = (r: ShortLinkRow) => r.product !== null && r.product.status !== 'ACTIVE';

const COLUMNS: Column<ShortLinkRow>[] = [
  {
    header: 'QR',
    card: 'image',
    cell: (r) => <img src={r.qr_code_svg} alt={t.labelAlt(r.code)} width={48} height={48} loading="lazy" />,
  },
  { header: t.code, rowHeader: true, className: 'font-mono font-medium', cell: (r) => r.code },
  {
    header: t.product,
    cell: (r) =>
      r.product ? (
        <>
          {r.product.name}
          {leadsNowhere(r) && (
            <span className="mt-1 block w-fit rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
              {t.productInactive}
            </span>
          )}
        </>
      ) : (
        <span className="text-ink-soft">{t.free}</span>
      ),
  },
  { header: t.createdAt, cell: (r) => formatVietnamDay(r.createdAt) },
];

/**
 * One page of codes: pick some to print, download one, bind a free one. A code of an inactive product
 * is downloaded through `onDownloadInactive`, which warns first.
 */
export function CodeTable({
  rows,
  showCompany = false,
  selected,
  onSelect,
  onBind,
  onDownloadInactive,
}: {
  rows: ShortLinkRow[];
  /** A SUPER_ADMIN's list, across companies. */
  showCompany?: boolean;
  selected: Set<string>;
  onSelect: (codes: string[], on: boolean) => void;
  onBind: (code: string) => void;
  onDownloadInactive: (row: ShortLinkRow, format: QrFormat) => void;
}) {
  const actions = (r: ShortLinkRow): RowAction[] => {
    const downloads = (['png', 'svg'] as const).map((ext): RowAction => {
      const label = ext === 'png' ? vi.workspace.common.downloadPng : vi.workspace.common.downloadSvg;
      return leadsNowhere(r)
        ? { label, onSelect: () => onDownloadInactive(r, ext) }
        : { label, href: qrFile(r, ext), download: `${r.code}.${ext}` };
    });
    return r.productId ? downloads : [...downloads, { label: t.bind, onSelect: () => onBind(r.code) }];
  };
  return (
    <DataTable
      rows={rows}
      rowKey={(r) => r.code}
      rowName={(r) => r.code}
      columns={withCompanyColumn(COLUMNS, showCompany)}
      selection={{ selected, onSelect, allLabel: t.selectPage, rowLabel: (r) => t.selectCode(r.code) }}
      actions={actions}
    />
  );
}

export const qrFile = (r: ShortLinkRow, ext: QrFormat) => (ext === 'png' ? r.qr_code_image : r.qr_code_svg);

/** A row as a label to print, naming its product when a shopper scanning it would see "not found". */
export const printCode = (r: ShortLinkRow): PrintCode => ({
  code: r.code,
  url: r.url,
  ...(leadsNowhere(r) && r.product ? { inactiveProduct: r.product.name } : {}),
});
