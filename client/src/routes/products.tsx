import { useState } from 'react';
import { usePageTitle } from '#client/components/layout/page-title.tsx';
import { PageHeading } from '#client/components/ui/page-heading.tsx';
import { HistoryList } from '#client/features/history/history-list.tsx';
import { useHistory } from '#client/features/history/use-history.ts';
import { Pager } from '#client/features/public/pager.tsx';
import { PrivacyNotice } from '#client/features/public/privacy-notice.tsx';
import { VisitorActions } from '#client/features/public/visitor-actions.tsx';
import { SiteContent } from '#client/features/public/site-content.tsx';
import { useSession } from '#client/session/SessionProvider.tsx';
import { usePublicStrings } from '#client/i18n/language.tsx';

/**
 * '/products': where visitors and USERs land (decision 031). A visitor first sees the site's home
 * content (document 'traceability'), then the products scanned on this phone; a signed-in user sees
 * their scan log. See decision 060.
 */
export default function ProductsPage() {
  const s = usePublicStrings();
  const { state } = useSession();
  const signedIn = state.isLoggedIn;
  const [page, setPage] = useState(1);
  const history = useHistory(signedIn, page);
  // A visitor's home: the app's name above it, not the list further down.
  usePageTitle(
    signedIn || state.status === 'loading' ? null : { tab: s.client.appName, header: s.client.appName },
  );
  return (
    <div className="flex w-full max-w-3xl flex-col gap-5">
      {!signedIn && state.status !== 'loading' && (
        <>
          <VisitorActions />
          <SiteContent docKey="traceability" />
        </>
      )}
      <div>
        <PageHeading title={s.nav.scannedProducts} />
        {!signedIn && <p className="-mt-4 mb-3 text-sm text-ink-soft">{s.history.guestNote}</p>}
        <HistoryList
          items={history.items}
          loading={state.status === 'loading' || history.loading}
          failed={history.failed}
          onRetry={history.retry}
        />
        <Pager page={page} total={history.total} size={history.size} onPage={setPage} />
      </div>
      <PrivacyNotice />
    </div>
  );
}
