import { useLocation } from 'wouter';
import type { DatasetItem } from '#shared/gs1/dataset.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { imageVariant } from '#shared/image-variants.ts';
import { Badge } from '#client/components/ui/badge.tsx';
import { type Column, DataTable, editDeleteActions } from '#client/components/ui/data-table.tsx';
import { withCompanyColumn } from '#client/features/company/company-column.tsx';
import { productLotsPath } from '#client/features/lots/paths.ts';
import type { ProductRow } from './types.ts';
import { translationsWorkspace as tw } from '#shared/i18n/vi/translations-workspace.ts';

const t = vi.workspace.products;
const c = vi.workspace.common;

const COLUMNS: Column<ProductRow>[] = [
  {
    header: t.columns.image,
    card: 'image',
    cell: (p) =>
      p.image ? (
        <img src={imageVariant(p.image, 160)} alt="" className="h-12 w-12 rounded object-cover" />
      ) : (
        <span className="inline-block h-12 w-12 rounded bg-soft" />
      ),
  },
  {
    header: t.columns.name,
    rowHeader: true,
    className: 'font-medium text-ink',
    cell: (p) => (
      <>
        {p.name}
        {p.origin && <span className="block text-xs font-normal text-ink-soft">{p.origin}</span>}
      </>
    ),
  },
  { header: t.columns.category, cell: (p) => p.category ?? '' },
  {
    header: t.columns.status,
    card: 'status',
    cell: (p) => (
      <Badge tone={p.status === 'ACTIVE' ? 'ok' : 'muted'}>
        {p.status === 'ACTIVE' ? c.active : c.inactive}
      </Badge>
    ),
  },
  { header: t.columns.qr, className: 'font-mono text-xs', cell: (p) => p.qr_code },
];

const d = vi.lots.dataset;

/** The Thông tư 02/2024 items a product lacks (decision 127), named in the cell's text. */
function datasetColumn(missing: ReadonlyMap<number, readonly DatasetItem[]>): Column<ProductRow> {
  return {
    header: d.columnHeader,
    cell: (p) => {
      const items = missing.get(p.id);
      if (!items) return '';
      if (items.length === 0) return <span className="text-ink">{d.columnComplete}</span>;
      return (
        <span className="text-ink">
          <span className="font-semibold text-danger">{d.columnMissing(items.length)}</span>
          <span className="block text-xs text-ink-soft">{items.map((i) => d.shortItems[i]).join(', ')}</span>
        </span>
      );
    },
  };
}

/** One page of products: cover, name, category, status, code and the row's actions. */
export function ProductTable({
  products,
  showCompany = false,
  missing,
  onEdit,
  onTranslate,
  onDelete,
}: {
  products: ProductRow[];
  /** Which Thông tư 02/2024 items each product of the page lacks. */
  missing?: ReadonlyMap<number, readonly DatasetItem[]>;
  /** A SUPER_ADMIN's list, across companies. */
  showCompany?: boolean;
  onEdit: (p: ProductRow) => void;
  /** Its translations (issue 33), in a dialog of their own. */
  onTranslate: (p: ProductRow) => void;
  onDelete: (p: ProductRow) => void;
}) {
  const [, navigate] = useLocation();
  return (
    <DataTable
      rows={products}
      rowKey={(p) => p.id}
      rowName={(p) => p.name}
      columns={withCompanyColumn(missing ? [...COLUMNS, datasetColumn(missing)] : COLUMNS, showCompany)}
      actions={(p) => {
        const [edit, ...rest] = editDeleteActions({
          name: p.name,
          onEdit: () => onEdit(p),
          onDelete: () => onDelete(p),
        });
        const lots = {
          label: vi.lots.workspace.title,
          ariaLabel: `${vi.lots.workspace.title} ${p.name}`,
          onSelect: () => navigate(productLotsPath(p.id)),
        };
        const translate = {
          label: tw.productAction,
          ariaLabel: tw.productActionOf(p.name),
          onSelect: () => onTranslate(p),
        };
        return edit ? [edit, translate, lots, ...rest] : [lots, ...rest];
      }}
    />
  );
}
