import { usePublicStrings } from '#client/i18n/language.tsx';
import { Button } from './button.tsx';

/**
 * Where a list could not be loaded: says so in the list's place, with 'Thử lại', so the page does not
 * look empty once the error's toast has gone.
 */
export function LoadFailed({ onRetry }: { onRetry?: () => void }) {
  // The page's language: a public page's list speaks it; the workspace, with no provider, Vietnamese.
  const c = usePublicStrings().client;
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
    >
      <p>{c.loadFailed}</p>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          {c.retry}
        </Button>
      )}
    </div>
  );
}
