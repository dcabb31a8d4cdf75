import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { SimpleLayout } from '#client/components/layout/simple-layout.tsx';
import { OfflinePage } from '#client/features/offline/offline-page.tsx';
import { OFFLINE_ATTRIBUTE } from '#client/sw/offline-document.ts';

/**
 * Whether this page is the one the service worker answered with no network (decision 187), and the
 * address it answered: read once, when the page starts.
 */
const ANSWERED_OFFLINE = document.documentElement.hasAttribute(OFFLINE_ATTRIBUTE)
  ? window.location.pathname
  : null;

/**
 * On the light page (decision 140), any path that is not one of its own: a link or a guard's redirect
 * has already put it in the address, so a full page load of it gets the app from the server. The light
 * build also puts it in the place of every page of the app's table that is not the light page's.
 * Where the service worker answered this very address with no network, loading it again would only
 * answer the same: "Không có mạng" instead, until the network is back.
 */
export default function ToTheApp() {
  const [location] = useLocation();
  const offline = location === ANSWERED_OFFLINE;
  useEffect(() => {
    if (!offline) window.location.reload();
  }, [offline]);
  return offline ? (
    <SimpleLayout>
      <OfflinePage />
    </SimpleLayout>
  ) : null;
}
