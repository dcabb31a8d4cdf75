import { Button } from '#client/components/ui/button.tsx';
import { usePublicStrings } from '#client/i18n/language.tsx';

/** Previous / next for a paged list; hidden when everything fits on one page. */
export function Pager({
  page,
  total,
  size,
  onPage,
}: {
  page: number;
  total: number;
  size: number;
  onPage: (p: number) => void;
}) {
  const t = usePublicStrings().pager;
  const pages = Math.max(1, Math.ceil(total / size));
  if (pages <= 1) return null;
  return (
    <nav className="flex items-center justify-between gap-3 pt-2" aria-label={t.page(page, pages)}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t.previous}
      </Button>
      <span className="text-sm text-ink-soft">{t.page(page, pages)}</span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t.next}
      </Button>
    </nav>
  );
}
