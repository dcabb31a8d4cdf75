import { vi } from '#shared/i18n/vi/index.ts';
import type { Column } from '#client/components/ui/data-table.tsx';

/**
 * A SUPER_ADMIN's lists span every company: they get a "Doanh nghiệp" column after the row's name
 * (the list answers carry `companyName`). A company's own staff see only their company: no column.
 */
export function withCompanyColumn<T extends { companyName: string | null }>(
  columns: Column<T>[],
  show: boolean,
): Column<T>[] {
  if (!show) return columns;
  const at = columns.findIndex((c) => c.rowHeader) + 1;
  const company: Column<T> = {
    header: vi.workspace.common.company,
    cell: (r) => r.companyName ?? vi.workspace.common.noCompany,
  };
  return [...columns.slice(0, at), company, ...columns.slice(at)];
}
