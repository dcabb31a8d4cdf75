/**
 * What the service worker (sw.ts, decision 187) answers a navigation with when there is no
 * network, in one place with what the page reads from it, so both sides agree.
 */

/** On the page the worker answered offline: the light page's router reads it (light/to-the-app.tsx). */
export const OFFLINE_ATTRIBUTE = 'data-offline';

/** The kept copy of the light page that answers a navigation offline, under its own key. */
export const OFFLINE_PAGE = '/offline.html';

/**
 * The documents that may answer `path` with no network, in order: the scanner's app shell, when the
 * scanner has been kept, for the scanner's own path; else the light page marked offline, which shows a
 * product or lot page from its kept copy, the history from the phone, and "Không có mạng" for the rest.
 */
export const offlineDocuments = (path: string): string[] =>
  path === '/scan-qr' ? ['/index.html', OFFLINE_PAGE] : [OFFLINE_PAGE];

/** The light page's HTML marked as the offline answer (its <html> element gets OFFLINE_ATTRIBUTE). */
export function markOffline(html: string): string {
  return html.replace(/<html(?=[\s>])/i, `<html ${OFFLINE_ATTRIBUTE}=""`);
}
