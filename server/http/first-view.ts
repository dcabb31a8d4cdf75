import { gunzipSync, gzipSync } from 'node:zlib';
import type { FirstView } from '#client/first-view/first-view.ts';
import type { AppDeps } from '#server/deps.ts';
import {
  dataOf,
  type KeptPage,
  type PublicAnswer,
  type PublicLotAnswer,
  type PublicProductAnswer,
} from '#server/services/products/public-answers.ts';
import { FIRST_VIEW_ELEMENT_ID } from '#shared/constants.ts';
import type { PublicLanguage } from '#shared/i18n/languages.ts';
import type { PublicPageName } from '#shared/public-pages.ts';
import { ASKED_LOT_PARAM } from '#shared/public-paths.ts';
import { withHtmlLang } from './page-language.ts';
import { lotShareHead, shareHead } from './share-tags.ts';
import type { ClientFiles } from './static-client.ts';

/**
 * The public product page and a printed code's address (/redirect/{code}) come with the product already
 * in the HTML: a shopper scanning on a phone over slow 3G reads the page once the HTML and the stylesheet
 * have come, instead of after the page's JavaScript has come and run, which took several times longer
 * (bench/RESULTS.md has the figures). The markup is the app's own components rendered
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
 * unzipped): a change to the product drops its answer from the public answers (the change feed tells
 * them) and so the page with it, and the answers' bound bounds the pages.
 *
 * The pages are the table of public pages' (shared/public-pages.ts); their routes are public-routes.ts's.
 */

/**
 * React's server renderer and the client's components load with the first such page, not at start-up
 * (~150 ms and ~20 MB that a server answering only the API never needs). The server bundle splits them
 * into their own chunk (scripts/build-server.mjs).
 */
type Render = typeof import('#client/first-view/render-product.tsx');
const loadRenderer = () => import('#client/first-view/render-product.tsx');

/**
 * The headers of a server-rendered page, gzipped (the app's security headers come on top); its language's
 * (page-language.ts's `languageHeaders`) are added to them where it is sent.
 */
export const FIRST_VIEW_HEADERS = {
  'cache-control': 'no-cache',
  vary: 'Accept-Encoding',
  'content-type': 'text/html; charset=UTF-8',
} as const;

export const acceptsGzip = (acceptEncoding: string | undefined) => /\bgzip\b/.test(acceptEncoding ?? '');

const EMPTY_ROOT = '<div id="root"></div>';
/** Frames kept by `around` at most (the verdicts' titles in each language are 18). */
const MAX_FRAMES = 64;

/** `<` escaped, so nothing in the JSON can close the element or open a comment. */
export const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * The template with `head` (a title and link-preview tags, share-tags.ts) in place of its title, in
 * `lang` (`<html lang>`, which the client reads to start in the page's language).
 */
function withHead(template: string, head: string, lang: PublicLanguage): string {
  const headed = /<title>[^<]*<\/title>/.test(template)
    ? template.replace(/<title>[^<]*<\/title>/, () => head)
    : template.replace('</head>', () => `${head}</head>`);
  return withHtmlLang(headed, lang);
}

/**
 * The light page (static-client.ts, decision 140) made into this product's page. Its title and the link-preview tags name the product,
 * or the lot on a lot's page (share-tags.ts), so a link shared on Zalo or Facebook shows it. The module preloads go: on slow 3G they would share the
 * thin line with the product's picture, and the app's code still comes, through its entry, right after.
 * The stylesheet stays a file (inline it would paint ~0.7 s sooner without a picture, but cost 9 kB on
 * every page and ~5x the memory here; with a picture the picture decides).
 */
function pageHtml(
  render: Render,
  template: string,
  firstView: FirstView,
  publicUrl: string,
  lang: PublicLanguage,
  search = '',
): string {
  const markup = firstView.lot
    ? render.renderLotFirstView({ lot: firstView.lot, product: firstView.product }, lang)
    : render.renderProductFirstView(firstView.product, search, lang);
  const root = `<div id="root">${markup}</div>`;
  const data = `<script type="application/json" id="${FIRST_VIEW_ELEMENT_ID}">${jsonForHtml(firstView)}</script>`;
  const head = firstView.lot
    ? lotShareHead(firstView.lot, firstView.product, publicUrl, lang)
    : shareHead(firstView.product, publicUrl, lang);
  return withHead(template, head, lang)
    .replace(/<link rel="modulepreload"[^>]*>\s*/g, '')
    .replace('<div id="root"></div>', () => root + data);
}

function buildPage(
  render: Render,
  template: string,
  firstView: FirstView,
  publicUrl: string,
  lang: PublicLanguage,
): KeptPage {
  return {
    template,
    gzip: new Uint8Array(gzipSync(pageHtml(render, template, firstView, publicUrl, lang))),
  };
}

export interface FirstViews {
  /** The gzipped page in `lang` already made from this answer with the build's current template, if any. */
  kept(entry: PublicAnswer, page: PublicPageName, lang: PublicLanguage): Uint8Array<ArrayBuffer> | undefined;
  /**
   * That page, made (and kept with the answer, one per language) if it is not yet; null when the client is
   * not built.
   */
  page(
    entry: PublicAnswer,
    page: PublicPageName,
    lang: PublicLanguage,
    scanCode?: string,
  ): Promise<Uint8Array<ArrayBuffer> | null>;
  /** The light page in `lang`, with `head` in place of its title; null when the client is not built. */
  headed(head: string, lang: PublicLanguage): string | null;
  /**
   * The same without its module preloads, split around its empty root (a page drawn for each request
   * around a kept frame: serial-page.ts); kept per head and language until a build rewrites the page.
   */
  around(head: string, lang: PublicLanguage): readonly [string, string] | null;
  /**
   * A product page whose address names a lot it does not have (decision 184), the notice above the
   * product: made for this request and not kept (its lot is the visitor's text, so there is no bound on
   * how many there could be). Null when the client is not built.
   */
  askedLotPage(entry: PublicAnswer, lot: string, lang: PublicLanguage): Promise<string | null>;
}

/**
 * The pages are kept with their answer in the public answers (deps.publicAnswers); this makes them from
 * the client's light page, read again when a build rewrites it (looked at once a second).
 */
export function createFirstViews(
  deps: Pick<AppDeps, 'publicAnswers' | 'logger' | 'settings'>,
  client: ClientFiles,
): FirstViews {
  let template = { stamp: -1, text: '', checkedAt: 0 };
  const currentTemplate = (): string | null => {
    const now = Date.now();
    if (template.text && now - template.checkedAt < 1000) return template.text;
    const stamp = client.stamp('light');
    if (stamp === null) return null;
    if (stamp !== template.stamp) template = { stamp, text: client.read('light'), checkedAt: now };
    else template.checkedAt = now;
    return template.text;
  };
  let renderer: Promise<Render> | undefined;
  const loaded = async (): Promise<Render | null> => {
    renderer ??= loadRenderer();
    return renderer.catch((err: unknown) => {
      // The page still works without its first view: the app renders it as it always did.
      renderer = undefined;
      deps.logger.error({ event: 'first-view.renderer', err }, 'first-view renderer failed to load');
      return null;
    });
  };

  const kept = (entry: PublicAnswer, kind: PublicPageName, lang: PublicLanguage) => {
    const tpl = currentTemplate();
    return tpl === null ? undefined : deps.publicAnswers.keptPage(entry, kind, lang, tpl);
  };

  // The frames `around` made, for the template they were made from; a handful (a title per verdict and language).
  let frames = { template: '', byHead: new Map<string, readonly [string, string] | null>() };
  return {
    kept,
    headed(head, lang) {
      const tpl = currentTemplate();
      return tpl === null ? null : withHead(tpl, head, lang);
    },
    around(head, lang) {
      const tpl = currentTemplate();
      if (tpl === null) return null;
      if (frames.template !== tpl || frames.byHead.size >= MAX_FRAMES)
        frames = { template: tpl, byHead: new Map() };
      const key = `${lang}\n${head}`;
      let frame = frames.byHead.get(key);
      if (frame === undefined) {
        const page = withHead(tpl, head, lang).replace(/<link rel="modulepreload"[^>]*>\s*/g, '');
        const at = page.indexOf(EMPTY_ROOT);
        frame = at < 0 ? null : [page.slice(0, at), page.slice(at + EMPTY_ROOT.length)];
        frames.byHead.set(key, frame);
      }
      return frame;
    },
    async page(entry, kind, lang, scanCode) {
      const made = kept(entry, kind, lang);
      if (made) return made;
      const tpl = currentTemplate();
      if (!tpl) return null;
      const render = await loaded();
      if (!render) return null;
      let view: FirstView;
      if (kind === 'lotDetails') {
        // A lot's page (decision 126): its answer is the lot with its product's answer.
        const { lot, product } = dataOf<PublicLotAnswer>(entry);
        view = { product, lot };
      } else {
        const product = dataOf<PublicProductAnswer>(entry);
        view = scanCode ? { product, scanCode } : { product };
      }
      const page = buildPage(render, tpl, view, deps.settings.publicUrl, lang);
      deps.publicAnswers.keepPage(entry, kind, lang, page);
      return page.gzip;
    },
    async askedLotPage(entry, lot, lang) {
      const tpl = currentTemplate();
      const render = tpl && (await loaded());
      if (!tpl || !render) return null;
      const view: FirstView = { product: dataOf<PublicProductAnswer>(entry) };
      return pageHtml(
        render,
        tpl,
        view,
        deps.settings.publicUrl,
        lang,
        new URLSearchParams({ [ASKED_LOT_PARAM]: lot }).toString(),
      );
    },
  };
}

/** A kept page as a client takes it: the kept bytes as they are when it accepts gzip (nearly all do). */
export function pageBody(gzip: Uint8Array<ArrayBuffer>, acceptEncoding: string | undefined) {
  // No copy per answer: a copy each was 60 MB/s of garbage in a storm.
  return acceptsGzip(acceptEncoding)
    ? { body: gzip, headers: { ...FIRST_VIEW_HEADERS, 'content-encoding': 'gzip' } }
    : { body: new Uint8Array(gunzipSync(gzip)), headers: FIRST_VIEW_HEADERS };
}
