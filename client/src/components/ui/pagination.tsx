import { vi } from '#shared/i18n/vi/index.ts';
import { Button } from './button.tsx';

/** Previous / next with "Trang 2 / 7" between them; hidden when everything fits on one page. */
export function Pagination({
  page,
  pageSize,
  total,
  onPage,
}: {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const t = vi.workspace.common;
  return (
    <nav
      aria-label={t.pagination}
      className="mt-4 flex items-center justify-between gap-3 text-sm text-ink-soft"
    >
      <span>{t.totalRows(total)}</span>
      {pages > 1 && (
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            {t.previous}
          </Button>
          <span aria-current="page">{t.pageOf(page, pages)}</span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            {t.next}
          </Button>
        </div>
      )}
    </nav>
  );
}
