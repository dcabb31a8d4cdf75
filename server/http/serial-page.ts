import { eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { memberCompanyOf } from '#server/auth/member-mark.ts';
import type { AppDeps } from '#server/deps.ts';
import { browserIdOf } from '#server/edge/browser-id.ts';
import { memberMarkOf } from '#server/edge/member-cookie.ts';
import { requestContext } from '#server/edge/context.ts';
import {
  judgesSerialLink,
  openSerial,
  placeOf,
  type SerialVerdictView,
} from '#server/services/serials/verdict.ts';
import {
  DEFAULT_LANGUAGE,
  offeredLanguages,
  type PublicLanguage,
  type TranslationLanguage,
} from '#shared/i18n/languages.ts';
import { publicStringsOf } from '#shared/i18n/public/index.ts';
import { pagePath } from '#shared/public-pages.ts';
import { type VerdictAbout, verdictBanner } from '#shared/serial-verdict-banner.ts';
import {
  type CompanyTranslation,
  type Localized,
  localize,
  type ProductTranslation,
  type Translations,
} from '#shared/translations.ts';
import type { FirstViews } from './first-view.ts';
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

interface ProductLine {
  id: number;
  name: string;
  gtin: string | null;
  active: boolean;
  companyName: string;
  /** Its text in other languages, its company's and the languages the company publishes (issue 33). */
  translations: Translations<ProductTranslation>;
  companyTranslations: Translations<CompanyTranslation>;
  languages: TranslationLanguage[];
}

async function productOf(deps: AppDeps, productId: number | null): Promise<ProductLine | null> {
  if (productId === null) return null;
  const { products, companies } = deps.db.tables;
  const [row] = await deps.db
    .select({
      id: products.id,
      name: products.name,
      gtin: products.gtin,
      status: products.status,
      companyName: companies.name,
      translations: products.translations,
      companyTranslations: companies.translations,
      languages: companies.languages,
    })
    .from(products)
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(eq(products.id, productId))
    .limit(1);
  return row ? { ...row, active: row.status === 'ACTIVE' } : null;
}

/** The product under the verdict in `lang` (none for a code never issued), a Vietnamese name marked. */
function aboutOf(view: SerialVerdictView, product: ProductLine | null, lang: PublicLanguage): VerdictAbout | null {
  if (!product || view.verdict === 'NOT_ISSUED') return null;
  const offered = offeredLanguages(product.languages);
  return {
    name: localize(product.name, product.translations, 'name', lang, offered),
    companyName: localize(product.companyName, product.companyTranslations, 'name', lang, offered),
    active: product.active,
    languages: product.languages,
  };
}

/** The verdict first, then the product (when its page is public): what the server writes into the page's root, in `lang`. */
export function verdictMarkup(
  view: SerialVerdictView,
  product: ProductLine | null,
  lang: PublicLanguage = DEFAULT_LANGUAGE,
): string {
  const strings = publicStringsOf(lang);
  const t = strings.serialVerdict;
  const b = verdictBanner(view, strings, lang);
  const lines = b.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('');
  const banner =
    `<section role="status" aria-live="polite" data-verdict="${view.verdict}" ` +
    `style="border:2px solid;border-radius:12px;padding:16px;margin:12px;${TONE_STYLE[b.tone]}">` +
    `<h1 style="font-size:1.25rem;font-weight:700;margin:0 0 8px"><span aria-hidden="true">${b.icon}</span> ` +
    `${escapeHtml(b.title)}</h1>${lines}</section>`;
  const about = aboutOf(view, product, lang);
  // The product's and its company's names in the page's language, a Vietnamese one marked as such.
  const shown = (field: Localized, tag: string) =>
    field.vietnamese
      ? `<${tag} lang="vi">${escapeHtml(field.text)}</${tag}> ${escapeHtml(strings.fallbackMarker)}`
      : `<${tag}>${escapeHtml(field.text)}</${tag}>`;
  const section =
    about && product
      ? `<section style="margin:12px"><p>${escapeHtml(t.product)}: ${shown(about.name, 'strong')}</p>` +
        `<p>${shown(about.companyName, 'span')}</p>` +
        (about.active
          ? `<p><a href="${pagePath('productDetails', product.id)}">${escapeHtml(t.productLink)}</a></p>`
          : '') +
        '</section>'
      : '';
  return banner + section;
}

const jsonForHtml = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

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
  const product = await productOf(deps, view.productId);
  // In the request's language (decision 212); never kept, so only the headers say what it depends on.
  const language = requestLanguage(c);
  const { lang } = language;
  const root =
    `<div id="root">${verdictMarkup(view, product, lang)}</div>` +
    `<script type="application/json" id="${SERIAL_VERDICT_ELEMENT_ID}">${jsonForHtml({ ...view, about: aboutOf(view, product, lang) })}</script>`;
  const title = `<title>${escapeHtml(verdictBanner(view, publicStringsOf(lang), lang).title)}</title>`;
  const light = firstViews.headed(title, lang);
  const html = light
    ? light.replace(/<link rel="modulepreload"[^>]*>\s*/g, '').replace('<div id="root"></div>', () => root)
    : `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">${title}</head><body>${root}</body></html>`;
  c.header('Cache-Control', 'no-store');
  // One item's verdict is no page for a search engine (decision 229): not indexed, so no hreflang alternates.
  c.header('X-Robots-Tag', 'noindex');
  setLanguageHeaders(c, language, deps.settings.publicUrl);
  return c.html(html, view.verdict === 'NOT_ISSUED' ? 404 : 200);
}
