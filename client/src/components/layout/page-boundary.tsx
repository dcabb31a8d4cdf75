import { Component, type ReactNode } from 'react';
import { Button } from '#client/components/ui/button.tsx';
import { OfflinePage, reloadPage } from '#client/features/offline/offline-page.tsx';
import { usePublicStrings } from '#client/i18n/language.tsx';

/**
 * A page that could not be had, in its place: with no network, "Không có mạng" (decision 187);
 * otherwise that it failed, with a way to ask again (by default the whole page, which also fetches a
 * new release's code).
 */
export function PageFailed({ onRetry = reloadPage }: { onRetry?: () => void }) {
  const t = usePublicStrings().client.pageFailed;
  if (!navigator.onLine) return <OfflinePage onRetry={onRetry} />;
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 py-10 text-center">
      <h1 className="text-xl font-bold text-ink">{t.title}</h1>
      <p className="text-ink-soft">{t.text}</p>
      <Button onClick={onRetry}>{t.reload}</Button>
    </div>
  );
}

interface Props {
  /** The page's address: moving to another one starts afresh. */
  path: string;
  children: ReactNode;
}

/**
 * What a page that cannot be drawn shows instead of a blank screen (PageFailed): its code did not arrive
 * (a page's code is fetched when it is first opened, and with no network that fails: "Failed to fetch
 * dynamically imported module"), or it broke.
 */
export class PageBoundary extends Component<Props, { failed: boolean; path: string }> {
  override state = { failed: false, path: this.props.path };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: { failed: boolean; path: string }) {
    return props.path === state.path ? null : { failed: false, path: props.path };
  }

  override render() {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}
