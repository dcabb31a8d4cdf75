import { Link } from 'wouter';
import { Button } from '#client/components/ui/button.tsx';
import { Icon } from '#client/components/ui/icon.tsx';
import { useWhenOnline } from './use-when-online.ts';
import { usePublicStrings } from '#client/i18n/language.tsx';

/** Loads the page again: with the network back, the server answers it (the service worker asks it first). */
export const reloadPage = () => window.location.reload();

/**
 * "Không có mạng" in a page's place (decision 187): what a page that needs the network shows without
 * one, whether the page's code, its data or the page itself could not be fetched. 'Thử lại' asks again
 * (`onRetry`, or the whole page), and so does the network coming back. The scanner and the history
 * work offline: they are named as what is still there.
 */
export function OfflinePage({ onRetry = reloadPage }: { onRetry?: () => void }) {
  const s = usePublicStrings();
  const t = s.client.offlinePage;
  useWhenOnline(onRetry);
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-10 text-center">
      <Icon name="offline" className="h-12 w-12 text-ink-soft" />
      <h1 className="text-xl font-bold text-ink">{t.title}</h1>
      <p className="text-ink-soft">{t.text}</p>
      <Button onClick={onRetry}>{t.retry}</Button>
      <p className="mt-4 text-sm text-ink-soft">{t.meanwhile}</p>
      <p className="flex flex-wrap justify-center gap-x-4 gap-y-2 text-sm font-medium">
        <Link href="/products" className="text-primary underline">
          {s.nav.scannedProducts}
        </Link>
        <Link href="/scan-qr" className="text-primary underline">
          {s.nav.scanQr}
        </Link>
      </p>
    </div>
  );
}
