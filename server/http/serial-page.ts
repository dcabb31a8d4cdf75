import type { Context } from 'hono';
import { memberCompanyOf } from '#server/auth/member-mark.ts';
import type { AppDeps } from '#server/deps.ts';
import { browserIdOf } from '#server/edge/browser-id.ts';
import { memberMarkOf } from '#server/edge/member-cookie.ts';
import { requestContext } from '#server/edge/context.ts';
import { type ProductLine, productLineOf } from '#server/services/serials/item-facts.ts';
import {
  judgesSerialLink,
  openSerial,
  placeOf,
  type SerialVerdictView,
} from '#server/services/serials/verdict.ts';
import { DEFAULT_LANGUAGE, offeredLanguages, type PublicLanguage } from '#shared/i18n/languages.ts';
import { publicStringsOf } from '#shared/i18n/public/index.ts';
import { pagePath } from '#shared/public-pages.ts';
import { type VerdictAbout, verdictBanner } from '#shared/serial-verdict-banner.ts';
import { type Localized, localize } from '#shared/translations.ts';
import { type FirstViews, jsonForHtml } from './first-view.ts';
import { requestLanguage, setLanguageHeaders } from './page-language.ts';
import { escapeHtml } from './share-tags.ts';

/** The element the light page's verdict page reads the server's verdict from (no second request). */
export const SERIAL_VERDICT_ELEMENT_ID = 'serial-verdict';

const TONE_STYLE = {
  good: 'background:#e7f6ec;border-color:#1f7a3f;color:#0f4d26',
  info: 'background:#e8f0fb;border-color:#2457a6;color:#17386b',
  warn: 'background:#fff4e0;border-color:#b26b00;color:#6b3f00',
  bad: 'background:#fdeaea;border-color:#b3261e;color:#7a1712',
} as const;

/** The product under the verdict in `lang` (none for a code never issued), a Vietnamese name marked. */
function aboutOf(
  view: SerialVerdictView,
  product: ProductLine | null,
  lang: PublicLanguage,
): VerdictAbout | null {
  if (!product || view.verdict === 'NOT_ISSUED') return null;
  const offered = offeredLanguages(product.languages);
  return {
    name: localize(product.name, product.translations, 'name', lang, offered),
    companyName: localize(product.companyName, product.companyTranslations, 'name', lang, offered),
    active: product.active,
    languages: product.languages,
  };
}

/** The product's part of the page under the verdict (its names, its link when its page is public), in `lang`. */
function productSection(about: VerdictAbout, productId: number, lang: PublicLanguage): string {
  const strings = publicStringsOf(lang);
  const t = strings.serialVerdict;
  // The product's and its company's names in the page's language, a Vietnamese one marked as such.
  const shown = (field: Localized, tag: string) =>
    field.vietnamese
      ? `<${tag} lang="vi">${escapeHtml(field.text)}</${tag}> ${escapeHtml(strings.fallbackMarker)}`
      : `<${tag}>${escapeHtml(field.text)}</${tag}>`;
  return (
    `<section style="margin:12px"><p>${escapeHtml(t.product)}: ${shown(about.name, 'strong')}</p>` +
    `<p>${shown(about.companyName, 'span')}</p>` +
    (about.active
      ? `<p><a href="${pagePath('productDetails', productId)}">${escapeHtml(t.productLink)}</a></p>`
      : '') +
    '</section>'
  );
}

/** The banner of the verdict, in `lang`: its tone, icon, title and lines (shared/serial-verdict-banner.ts). */
function bannerMarkup(view: SerialVerdictView, lang: PublicLanguage): { html: string; title: string } {
  const b = verdictBanner(view, publicStringsOf(lang), lang);
  const lines = b.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  const html =
    `<section role="status" aria-live="polite" data-verdict="${view.verdict}" ` +
    `style="border:2px solid;border-radius:12px;padding:16px;margin:12px;${TONE_STYLE[b.tone]}">` +
    `<h1 style="font-size:1.25rem;font-weight:700;margin:0 0 8px"><span aria-hidden="true">${b.icon}</span> ` +
    `${escapeHtml(b.title)}</h1>${lines}</section>`;
  return { html, title: b.title };
}

/**
 * The item's page in `lang`: the light page's frame (first-view.ts `around`), the verdict first, then the
 * product, and the verdict with its product as data for the page's script (no second request). One
 * definition for the app's route and the dispatcher in front of it. `memo` keeps what depends on the
 * product and the language only (a kept item's, kept-items.ts), so a storm on one item draws the banner
 * alone.
 */
export function serialPageHtml(
  firstViews: Pick<FirstViews, 'around'>,
  view: SerialVerdictView,
  product: ProductLine | null,
  lang: PublicLanguage = DEFAULT_LANGUAGE,
  memo: Map<string, unknown> = new Map(),
): string {
  const banner = bannerMarkup(view, lang);
  const about = product && view.verdict !== 'NOT_ISSUED' ? product : null;
  let section = '';
  let aboutJson = 'null';
  if (about) {
    const key = `${lang}:${about.active}`;
    let parts = memo.get(key) as readonly [string, string] | undefined;
    if (!parts) {
      const made = aboutOf(view, about, lang) as VerdictAbout;
      parts = [productSection(made, about.id, lang), jsonForHtml(made)];
      memo.set(key, parts);
    }
    [section, aboutJson] = parts;
  }
  // The verdict's JSON with `about` as its last field (the JSON of an object ends with its brace).
  const data = `${jsonForHtml(view).slice(0, -1)},"about":${aboutJson}}`;
  const root =
    `<div id="root">${banner.html}${section}</div>` +
    `<script type="application/json" id="${SERIAL_VERDICT_ELEMENT_ID}">${data}</script>`;
  const title = `<title>${escapeHtml(banner.title)}</title>`;
  const frame = firstViews.around(title, lang);
  return frame
    ? frame[0] + root + frame[1]
    : `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${title}</head><body>${root}</body></html>`;
}

/** The headers of an item's page besides the language's: never stored, never indexed. */
export const SERIAL_PAGE_HEADERS = {
  'content-type': 'text/html; charset=UTF-8',
  'cache-control': 'no-store',
  // One item's verdict is no page for a search engine (decision 229): not indexed, so no hreflang alternates.
  'x-robots-tag': 'noindex',
} as const;

/**
 * An item's page (issue 32): `/01/{gtin}[/10/{lot}]/21/{serial}` and `/s/{serial}`. The open is counted
 * (serials/verdict.ts: once per browser per 10 minutes, never a bot or the company's signed-in member),
 * and the page is the light page with the verdict server-rendered first, then the product. A Digital
 * Link whose GTIN or lot is not the item's is a code never issued: "Mã không hợp lệ", never the product.
 * Null leaves a Digital Link to the GS1 resolver (its linksets, and serials of products without codes).
 */
export async function serialPageAnswer(
  c: Context,
  deps: AppDeps,
  firstViews: FirstViews,
): Promise<Response | null> {
  const serial = c.req.param('serial') ?? '';
  const gtin = c.req.param('gtin');
  const lot = c.req.param('lot');
  if (gtin !== undefined) {
    // The resolver's own answers stay its own: a linkset, another link type, a serial not of ours.
    const accept = c.req.header('accept') ?? '';
    if (c.req.query('linkType') !== undefined || accept.includes('application/linkset+json')) return null;
    if (!(await judgesSerialLink(deps, gtin, serial))) return null;
  }
  const ctx = await requestContext(deps, c);
  const view = await openSerial(deps, {
    serial,
    browserId: browserIdOf(c),
    userAgent: ctx.req.userAgent,
    viewerCompanyId: ctx.user?.companyId ?? (await memberCompanyOf(deps, memberMarkOf(c).memberMark)),
    ...placeOf(ctx.req.networkProvince),
    readOnly: c.req.method === 'HEAD',
    ...(gtin === undefined ? {} : { link: lot === undefined ? { gtin } : { gtin, lot } }),
  });
  // The kept item's product when it is kept (decision 230), else read.
  const kept = deps.serialItems.peek(serial);
  const product = kept ? kept.product : await productLineOf(deps.db, view.productId);
  // In the request's language (decision 212); never kept, so only the headers say what it depends on.
  const language = requestLanguage(c);
  const html = serialPageHtml(firstViews, view, product, language.lang, kept?.productMemo);
  for (const [name, value] of Object.entries(SERIAL_PAGE_HEADERS)) c.header(name, value);
  setLanguageHeaders(c, language, deps.settings.publicUrl);
  return c.html(html, view.verdict === 'NOT_ISSUED' ? 404 : 200);
}
