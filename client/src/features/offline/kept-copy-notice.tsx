import { Button } from '#client/components/ui/button.tsx';
import { Icon } from '#client/components/ui/icon.tsx';
import { formatDateIn } from '#shared/format-language.ts';
import { useLanguage, usePublicStrings } from '#client/i18n/language.tsx';

/**
 * Above a page shown from its kept copy (kept-pages.ts): that there is no network, when the copy was
 * made and that it may be out of date, with a way to ask for the page again.
 */
export function KeptCopyNotice({ at, onRetry }: { at: number; onRetry: () => void }) {
  const t = usePublicStrings().client.keptCopy;
  const lang = useLanguage();
  return (
    <div
      role="status"
      data-testid="kept-copy"
      className="mx-auto flex w-full max-w-2xl flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <Icon name="offline" className="h-5 w-5 shrink-0" />
      <p className="min-w-0 flex-1">
        <span className="font-semibold">{t.title}.</span>{' '}
        {t.text(formatDateIn(new Date(at).toISOString(), lang))}
      </p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t.retry}
      </Button>
    </div>
  );
}
