import { gunzipSync, gzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import type { FirstView } from '#client/first-view/first-view.ts';
import { FIRST_VIEW_ELEMENT_ID, QR_CODE_PATTERN } from '#shared/constants.ts';
import type { AppDeps } from '#server/deps.ts';
import { type CachedAnswer, dataOf, publicAnswers } from '#server/services/products/public-answers.ts';
import type { PublicProductAnswer } from '#server/services/products/resolve.ts';
import { shareHead } from './share-tags.ts';
import type { ClientFiles } from './static-client.ts';

/**
 * The public product page and a printed code's address (/redirect/{code}) come with the product already
 * in the HTML (issue 7: on a phone with slow 3G the page is readable after the HTML and the stylesheet,
 * ~1.5 s, instead of after ~120 kB of JavaScript, ~5 s). The markup is the app's own components rendered
 * to static HTML (client/src/first-view/render-product.tsx); the answer travels along as JSON in a
 * non-executed element, so the app starts from the same data without asking again.
 *
 * Nothing here records a scan: for /redirect/{code} the app still calls products.resolve with the
 * viewer's session once it runs, so a link preview or a crawler that runs no script is not a scan.
 * Anything without a public answer (unknown code, INACTIVE or deleted product, bad id) gets the plain
 * app, whose page says what is wrong, exactly as before.
 *
 * A storm of phones on one printed code asks for this page as often as for the resolve, so the page is
 * kept per cached answer, gzipped only (~4 kB; every browser accepts gzip, anything else gets it
 * unzipped): a change to the product drops its answer from the public cache (publicChanged) and so the
 * page with it, and the answers' bound (4,000 per kind) bounds the pages.
 */
interface Page {
  template: string;
  gzip: Uint8Array<ArrayBuffer>;
}

/**
 * React's server renderer and the client's components load with the first such page, not at start-up
 * (~150 ms and ~20 MB that a server answering only the API never needs). The server bundle splits them
 * into their own chunk (scripts/build-server.mjs).
 */
type Render = (typeof import('#client/first-view/render-product.tsx'))['renderProductFirstView'];
let renderer: Promise<Render> | undefined;
const loadRenderer = () => {
  renderer ??= import('#client/first-view/render-product.tsx').then((m) => m.renderProductFirstView);
  return renderer;
};

type PageKind = 'details' | 'redirect';
const pages = new WeakMap<CachedAnswer, { details?: Page; redirect?: Page }>();

/** Per database (an app, or a test's): how the scan fast path finds the pages this app keeps. */
const keptByDb = new WeakMap<object, (entry: CachedAnswer, kind: PageKind) => Uint8Array<ArrayBuffer> | undefined>();

/**
 * The gzipped page already made for this answer, if its template is still the build's; else undefined
 * (the app then makes it). Read by the scan fast path (scan-fast-path.ts), which serves it with the
 * same headers as `send` below.
 */
export function keptFirstView(
  deps: Pick<AppDeps, 'db'>,
  entry: CachedAnswer,
  kind: PageKind,
): Uint8Array<ArrayBuffer> | undefined {
  return keptByDb.get(deps.db)?.(entry, kind);
}

/** The headers of a server-rendered page, gzipped (the app's security headers come on top). */
export const FIRST_VIEW_HEADERS = {
  'cache-control': 'no-cache',
  vary: 'Accept-Encoding',
  'content-type': 'text/html; charset=UTF-8',
} as const;

export const acceptsGzip = (acceptEncoding: string | undefined) => /\bgzip\b/.test(acceptEncoding ?? '');

/** `<` escaped, so nothing in the JSON can close the element or open a comment. */
const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The index page made into this product's page. Its title and the link-preview tags name the product
 * (share-tags.ts), so a link shared on Zalo or Facebook shows it. The module preloads go: on slow 3G they would share the
 * thin line with the product's picture, and the app's code still comes, through its entry, right after.
 * The stylesheet stays a file (inline it would paint ~0.7 s sooner without a picture, but cost 9 kB on
 * every page and ~5x the memory here; with a picture the picture decides).
 */
function buildPage(render: Render, template: string, firstView: FirstView, publicUrl: string): Page {
  const root = `<div id="root">${render(firstView.product)}</div>`;
  const data = `<script type="application/json" id="${FIRST_VIEW_ELEMENT_ID}">${jsonForHtml(firstView)}</script>`;
  const head = shareHead(firstView.product, publicUrl);
  const titled = /<title>[^<]*<\/title>/.test(template)
    ? template.replace(/<title>[^<]*<\/title>/, () => head)
    : template.replace('</head>', () => `${head}</head>`);
  const html = titled
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace('<div id="root"></div>', () => root + data);
  return { template, gzip: new Uint8Array(gzipSync(html)) };
}

export function mountFirstViews(app: Hono, deps: AppDeps, client: ClientFiles): void {
  let template = { stamp: -1, text: '', checkedAt: 0 };
  // Read again when the build changed it (a rebuild while the server runs), looked at once a second.
  const currentTemplate = (): string | null => {
    const now = Date.now();
    if (template.text && now - template.checkedAt < 1000) return template.text;
    const stamp = client.indexStamp();
    if (stamp === null) return null;
    if (stamp !== template.stamp) template = { stamp, text: client.readIndex(), checkedAt: now };
    else template.checkedAt = now;
    return template.text;
  };

  /** The page already made for this answer from the build's current template, if any. */
  const kept = (entry: CachedAnswer, kind: PageKind): Page | undefined => {
    const tpl = currentTemplate();
    const page = pages.get(entry)?.[kind];
    return tpl !== null && page?.template === tpl ? page : undefined;
  };
  keptByDb.set(deps.db, (entry, kind) => kept(entry, kind)?.gzip);

  const pageFor = async (entry: CachedAnswer, kind: PageKind, scanCode?: string) => {
    const made = kept(entry, kind);
    if (made) return made;
    const tpl = currentTemplate();
    if (!tpl) return null;
    const render = await loadRenderer().catch((err: unknown) => {
      // The page still works without its first view: the app renders it as it always did.
      renderer = undefined;
      deps.logger.error({ event: 'first-view.renderer', err }, 'first-view renderer failed to load');
      return null;
    });
    if (!render) return null;
    const product = dataOf<PublicProductAnswer>(entry);
    const page = buildPage(render, tpl, scanCode ? { product, scanCode } : { product }, deps.settings.publicUrl);
    pages.set(entry, { ...pages.get(entry), [kind]: page });
    return page;
  };

  const send = (c: Context, page: Page) => {
    const gzip = acceptsGzip(c.req.header('accept-encoding'));
    for (const [name, value] of Object.entries(FIRST_VIEW_HEADERS)) c.header(name, value);
    if (gzip) c.header('Content-Encoding', 'gzip');
    // The kept bytes as they are: a copy per answer was 60 MB/s of garbage in a storm.
    return c.body(gzip ? page.gzip : new Uint8Array(gunzipSync(page.gzip)));
  };

  app.get('/products/details/:id', async (c, next) => {
    const id = Number(c.req.param('id'));
    const entry = Number.isSafeInteger(id) && id > 0 ? publicAnswers(deps).productById(id) : null;
    const page = entry && (await pageFor(entry, 'details'));
    return page ? send(c, page) : next();
  });

  app.get('/redirect/:code', async (c, next) => {
    const code = c.req.param('code').toLowerCase();
    const entry = QR_CODE_PATTERN.test(code) ? publicAnswers(deps).product(code) : null;
    const page = entry && (await pageFor(entry, 'redirect', code));
    return page ? send(c, page) : next();
  });
}
