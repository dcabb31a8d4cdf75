/**
 * The service worker (vite-plugin-pwa's Workbox build, decision 122): it keeps the app shell and the
 * scan page so /scan-qr opens and reads codes with no network; pages still come from the network
 * whenever there is one. Registered by the scan page only (a shopper who opens a printed code's page
 * does not download the scanner in the background), once the page has loaded, so it never competes
 * with the page's own requests on a slow line; not in development (Vite serves sources there).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
