import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Context, Hono } from 'hono';
import { FIRST_VIEW_ELEMENT_ID, QR_CODE_PATTERN } from '../../shared/constants.ts';
import type { FirstView } from '../../client/src/first-view/first-view.ts';
import type { AppDeps } from '../deps.ts';
import { type CachedAnswer, dataOf, publicAnswers } from '../services/products/public-answers.ts';
import { publicProductEntry } from '../services/publicProducts/read.ts';
import type { PublicProductAnswer } from '../services/products/resolve.ts';

/**
 * The public product page and a printed code's address (/redirect/{code}) come with the product already
 * in the HTML (issue 7: on a phone with slow 3G the page is readable after the HTML and the stylesheet,
 * ~1 s, instead of after ~120 kB of JavaScript, ~5 s). The markup is the app's own components rendered
 * to static HTML (client/src/first-view/render-product.tsx); the answer travels along as JSON in a
 * non-executed element, so the app starts from the same data without asking again.
 *
 * Nothing here records a scan: for /redirect/{code} the app still calls products.resolve with the
 * viewer's session once it runs, so a link preview or a crawler that runs no script is not a scan.
 * Anything without a public answer (unknown code, INACTIVE or deleted product, bad id) gets the plain
 * app, whose page says what is wrong, exactly as before.
 *
 * A storm of phones on one printed code asks for this page as often as for the resolve, so the page is
 * kept per cached answer, as plain and gzip bytes: a change to the product drops its answer from the
 * public cache (publicChanged) and so the page with it.
 */
interface Page {
  template: string;
  html: Buffer;
  gzip: Buffer;
}

/**
 * React's server renderer and the client's components load with the first such page, not at start-up
 * (~150 ms and ~20 MB that a server answering only the API never needs). The server bundle splits them
 * into their own chunk (scripts/build-server.mjs).
 */
type Render = (typeof import('../../client/src/first-view/render-product.tsx'))['renderProductFirstView'];
let renderer: Promise<Render> | undefined;
const loadRenderer = () => {
  renderer ??= import('../../client/src/first-view/render-product.tsx').then((m) => m.renderProductFirstView);
  return renderer;
};

const pages = new WeakMap<CachedAnswer, { details?: Page; redirect?: Page }>();

/** `<` escaped, so nothing in the JSON can close the element or open a comment. */
const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The index page made into this product's page. Two changes to what Vite wrote, both for the phone on slow
 * 3G: the stylesheet comes inline (the CSP allows inline styles), since a separate request holds the first
 * paint for another round trip; the module preloads go, since they would share the thin line with the
 * product's picture: the app's code still comes, through its entry, right after.
 */
function buildPage(
  render: Render,
  template: string,
  firstView: FirstView,
  readAsset: (href: string) => string | null,
): Page {
  const root = `<div id="root">${render(firstView.product)}</div>`;
  const data = `<script type="application/json" id="${FIRST_VIEW_ELEMENT_ID}">${jsonForHtml(firstView)}</script>`;
  const text = template
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (link, href: string) => {
      const css = readAsset(href);
      return css === null ? link : `<style>${css}</style>`;
    })
    .replace('<div id="root"></div>', () => root + data);
  const html = Buffer.from(text);
  return { template, html, gzip: gzipSync(html) };
}

export function mountFirstViews(app: Hono, deps: AppDeps, clientDir: string): void {
  const indexFile = join(clientDir, 'index.html');
  let template = { mtimeMs: -1, text: '' };
  // Read again only when the build changed it (a rebuild while the server runs).
  const currentTemplate = (): string | null => {
    if (!existsSync(indexFile)) return null;
    const { mtimeMs } = statSync(indexFile);
    if (mtimeMs !== template.mtimeMs) template = { mtimeMs, text: readFileSync(indexFile, 'utf8') };
    return template.text;
  };

  // Only the build's own files under /assets; anything else stays a link.
  const readAsset = (href: string): string | null => {
    const file = join(clientDir, href);
    return /^\/assets\/[\w.-]+\.css$/.test(href) && existsSync(file) ? readFileSync(file, 'utf8') : null;
  };

  const send = async (c: Context, entry: CachedAnswer, kind: 'details' | 'redirect', scanCode?: string) => {
    const tpl = currentTemplate();
    if (!tpl) return undefined;
    const kept = pages.get(entry) ?? {};
    let page = kept[kind];
    if (!page || page.template !== tpl) {
      const product = dataOf<PublicProductAnswer>(entry);
      const render = await loadRenderer().catch((err: unknown) => {
        // The page still works without its first view: the app renders it as it always did.
        renderer = undefined;
        deps.logger.error({ event: 'first-view.renderer', err }, 'first-view renderer failed to load');
        return null;
      });
      if (!render) return undefined;
      page = buildPage(render, tpl, scanCode ? { product, scanCode } : { product }, readAsset);
      kept[kind] = page;
      pages.set(entry, kept);
    }
    const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
    c.header('Cache-Control', 'no-cache');
    c.header('Vary', 'Accept-Encoding');
    c.header('Content-Type', 'text/html; charset=UTF-8');
    if (gzip) c.header('Content-Encoding', 'gzip');
    return c.body(new Uint8Array(gzip ? page.gzip : page.html));
  };

  app.get('/products/details/:id', async (c, next) => {
    const id = Number(c.req.param('id'));
    const entry = Number.isSafeInteger(id) && id > 0 ? publicProductEntry(deps, id) : null;
    return (entry && (await send(c, entry, 'details'))) || next();
  });

  app.get('/redirect/:code', async (c, next) => {
    const code = c.req.param('code');
    const entry = QR_CODE_PATTERN.test(code) ? publicAnswers(deps).product(code) : null;
    return (entry && (await send(c, entry, 'redirect', code))) || next();
  });
}
