/**
 * The service worker (decision 187, after 122), built by vite-plugin-pwa from this file into /sw.js.
 * Registered by every page once it has loaded (lib/service-worker.ts).
 *
 * - Pages come from the network whenever there is one (navigation preload, no timeout): a public page
 *   is never answered from a copy while the server can answer it, so a recall always shows.
 * - With no network, a navigation gets a kept document (offline-document.ts): the light page marked
 *   offline, where a product or lot page opened before shows its kept copy and any other page says
 *   "Không có mạng" with a retry; the scanner's app shell for /scan-qr once the scanner is kept.
 * - Kept for every visitor, at install: the light page and its code (~70 kB, mostly already in the
 *   browser's cache from the visit). Kept only when the scan page asks (`keep-scan-page`): the app's
 *   shell, the scanner and its WebAssembly, the history and the product and lot pages in the app, so
 *   a shopper opening a product from the phone's camera app does not download the scanner behind it.
 * - Files of either list are answered from the kept copy (their names carry their content's hash);
 *   nothing else is touched: /api, uploads and the workspace's code go to the network as always.
 *
 * The lists and their version come from the build (vite.config.ts, `keptFiles`).
 */
import { markOffline, OFFLINE_PAGE, offlineDocuments } from './offline-document.ts';

declare const __KEPT__: { version: string; shell: string[]; scan: string[] };
/** Read once: the build writes the lists where `__KEPT__` stands, so it stands in one place. */
const FILES = __KEPT__;

// The few service-worker types this file uses (the project's TypeScript has the DOM's, not the worker's).
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  readonly preloadResponse: Promise<Response | undefined>;
  respondWith(response: Promise<Response>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
  readonly ports: readonly MessagePort[];
}
interface WorkerScope {
  readonly location: Location;
  readonly registration: { readonly navigationPreload?: { enable(): Promise<void> } };
  readonly clients: { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}
const worker = self as unknown as WorkerScope;

const SHELL = `shell-${FILES.version}`;
const SCAN = `scan-${FILES.version}`;
const KEPT = new Set([...FILES.shell, ...FILES.scan]);
/** The scanner was kept by an earlier release (this one's or Workbox's caches, decision 122). */
const SCAN_CACHE = /^(scan-|workbox-precache)/;

/** The light page marked offline (offline-document.ts), with the security policy it was served with. */
async function offlineCopy(): Promise<Response> {
  const light = await fetch('/light.html', { cache: 'no-cache' });
  if (!light.ok) throw new Error(`light page: ${light.status}`);
  const headers: Record<string, string> = { 'content-type': 'text/html; charset=UTF-8' };
  const csp = light.headers.get('content-security-policy');
  if (csp) headers['content-security-policy'] = csp;
  return new Response(markOffline(await light.text()), { headers });
}

async function keepShell(): Promise<void> {
  const cache = await caches.open(SHELL);
  await cache.addAll(FILES.shell);
  await cache.put(OFFLINE_PAGE, await offlineCopy());
}

/** The scanner's files, those not kept yet (a second ask costs nothing). */
async function keepScanPage(): Promise<void> {
  const cache = await caches.open(SCAN);
  const missing = (
    await Promise.all(FILES.scan.map(async (url) => ((await cache.match(url)) ? null : url)))
  ).filter((url): url is string => url !== null);
  if (missing.length) await cache.addAll(missing.map((url) => new Request(url, { cache: 'no-cache' })));
}

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await keepShell();
      // A new release keeps the scanner again where the last one had it, so it still opens offline.
      if ((await caches.keys()).some((name) => SCAN_CACHE.test(name))) await keepScanPage();
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const ours = new Set([SHELL, SCAN]);
      await Promise.all(
        (await caches.keys()).filter((name) => !ours.has(name)).map((name) => caches.delete(name)),
      );
      await worker.registration.navigationPreload?.enable();
      await worker.clients.claim();
    })(),
  );
});

/** The network's answer (navigation preload's, when it started one); with none, a kept document. */
async function navigate(event: FetchEvent): Promise<Response> {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request));
  } catch {
    for (const url of offlineDocuments(new URL(event.request.url).pathname)) {
      const kept = await caches.match(url);
      if (kept) return kept;
    }
    return Response.error();
  }
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin) return;
  if (request.mode === 'navigate') return event.respondWith(navigate(event));
  if (!KEPT.has(url.pathname)) return;
  event.respondWith(caches.match(url.pathname).then((kept) => kept ?? fetch(request)));
});

/** The scan page asks for its files to be kept; the answer (true once kept) goes back on its port. */
worker.addEventListener('message', (event) => {
  if (event.data !== 'keep-scan-page') return;
  const [port] = event.ports;
  event.waitUntil(
    keepScanPage().then(
      () => port?.postMessage(true),
      () => port?.postMessage(false),
    ),
  );
});
