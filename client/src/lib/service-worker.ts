/**
 * The service worker (client/src/sw/sw.ts, decision 187): with no network, pages say so and
 * the product and lot pages opened before show their kept copy; the scan page works offline once it
 * has asked for its files to be kept. Registered by every page, once the page has loaded, so it never
 * competes with the page's own requests on a slow line; not in development (Vite serves sources there).
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}

/**
 * Asks the worker to keep the scan page's files (the scanner, its WebAssembly, the app shell): true
 * once they are kept, false when they cannot be (no worker, storage refused).
 */
export async function keepScanPage(): Promise<boolean> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return false;
  const worker = (await navigator.serviceWorker.ready).active;
  if (!worker) return false;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve(event.data === true);
    worker.postMessage('keep-scan-page', [channel.port2]);
  });
}
