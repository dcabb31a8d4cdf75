import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../../server/trpc/root.ts';
import { vi } from '../../../../shared/i18n/vi/index.ts';
import { Button, buttonVariants } from '../../components/ui/button.tsx';
import { type Column, DataTable } from '../../components/ui/data-table.tsx';
import { withCompanyColumn } from '../company/company-column.tsx';

export type ShortLinkRow = inferRouterOutputs<AppRouter>['shortLinks']['list']['shortLinks'][number];

const t = vi.workspace.qrs;
const day = (iso: string) => new Date(iso).toLocaleDateString('vi-VN');

const COLUMNS: Column<ShortLinkRow>[] = [
  {
    header: 'QR',
    cell: (r) => <img src={r.qr_code_svg} alt={t.labelAlt(r.code)} width={48} height={48} loading="lazy" />,
  },
  { header: t.code, rowHeader: true, className: 'font-mono font-medium', cell: (r) => r.code },
  {
    header: t.product,
    cell: (r) => (r.product ? r.product.name : <span className="text-ink-soft">{t.free}</span>),
  },
  { header: t.createdAt, cell: (r) => day(r.createdAt) },
];

/** One page of codes: pick some to print, download one, bind a free one. */
export function CodeTable({
  rows,
  showCompany = false,
  selected,
  onSelect,
  onBind,
}: {
  rows: ShortLinkRow[];
  /** A SUPER_ADMIN's list, across companies. */
  showCompany?: boolean;
  selected: Set<string>;
  onSelect: (codes: string[], on: boolean) => void;
  onBind: (code: string) => void;
}) {
  return (
    <DataTable
      rows={rows}
      rowKey={(r) => r.code}
      columns={withCompanyColumn(COLUMNS, showCompany)}
      selection={{ selected, onSelect, allLabel: t.selectPage, rowLabel: (r) => t.selectCode(r.code) }}
      actions={(r) => (
        <>
          {(['png', 'svg'] as const).map((ext) => (
            <a
              key={ext}
              className={buttonVariants({ variant: 'ghost', size: 'sm' })}
              href={ext === 'png' ? r.qr_code_image : r.qr_code_svg}
              download={`${r.code}.${ext}`}
            >
              {ext.toUpperCase()}
            </a>
          ))}
          {!r.productId && (
            <Button variant="outline" size="sm" onClick={() => onBind(r.code)}>
              {t.bind}
            </Button>
          )}
        </>
      )}
    />
  );
}
