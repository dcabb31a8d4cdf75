import { lotPath } from '#client/features/lots/paths.ts';
import { documentTitle, lotPageName } from '#client/features/public/page-titles.ts';
import { companyPath, productPath } from '#client/features/public/paths.ts';
import {
  LANGUAGE_PARAM,
  OG_LOCALES,
  offeredLanguages,
  type PublicLanguage,
  type TranslationLanguage,
} from '#shared/i18n/languages.ts';
import { type PublicStrings, publicStringsOf } from '#shared/i18n/public/index.ts';
import { imageVariant } from '#shared/image-variants.ts';
import {
  type CompanyTranslation,
  localize,
  type ProductTranslation,
  type Translations,
} from '#shared/translations.ts';

/**
 * What a preview is made of: the public answer's fields (the server's and the client's type alike), with
 * the company's published languages and its translations (issue 33).
 */
interface SharedProduct {
  id: number;
  name: string;
  origin: string | null;
  image: string | null;
  company: { name: string; translations?: Translations<CompanyTranslation> | null } | null;
  trackings: readonly unknown[];
  translations?: Translations<ProductTranslation> | null;
  languages?: readonly TranslationLanguage[] | null;
}

interface SharedLot {
  id: number;
  code: string;
  recalled: boolean;
  /** Made from a recalled batch (decision 200). */
  inputRecallCode: string | null;
}

interface SharedCompany {
  id: number;
  name: string;
  address: string | null;
  translations?: Translations<CompanyTranslation> | null;
  languages?: readonly TranslationLanguage[] | null;
}

/** A page's language, the languages its company offers and that language's words. */
interface HeadLanguage {
  lang: PublicLanguage;
  offered: readonly PublicLanguage[];
  t: PublicStrings;
}

const headLanguage = (lang: PublicLanguage, published: SharedProduct['languages']): HeadLanguage => ({
  lang,
  offered: offeredLanguages(published),
  t: publicStringsOf(lang),
});

/**
 * A product's and its company's text in the page's language (shared/translations.ts): the translation when
 * the language is published and has one, else the Vietnamese. A preview carries no "(Vietnamese)" marker: a
 * title or a sentence in a shared link reads better without it.
 */
const productText = (product: SharedProduct, field: 'name' | 'origin', l: HeadLanguage) =>
  localize(product[field], product.translations, field, l.lang, l.offered).text;
const companyText = (
  company: { name: string; translations?: Translations<CompanyTranslation> | null },
  l: HeadLanguage,
) => localize(company.name, company.translations, 'name', l.lang, l.offered).text;

/** Text for an HTML attribute or element: the five characters that could end or open markup. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** Longest description a link preview shows whole (Facebook cuts near 160-200 characters). */
const DESCRIPTION_MAX = 200;

const sentence = (parts: string[]) => {
  const text = parts.filter(Boolean).join(' ').replace(/\s+/g, ' ').trim();
  return text.length > DESCRIPTION_MAX ? `${text.slice(0, DESCRIPTION_MAX - 1).trimEnd()}…` : text;
};

/** What the preview says under the name: origin, maker, length of the journey, and what the page is. */
function shareDescription(product: SharedProduct, l: HeadLanguage): string {
  const { t } = l;
  const origin = productText(product, 'origin', l);
  return sentence([
    origin ? t.share.origin(origin) : '',
    product.company?.name ? t.share.company(companyText(product.company, l)) : '',
    product.trackings.length ? t.share.steps(product.trackings.length) : '',
    t.share.cta,
  ]);
}

/**
 * The picture of a shared link: the product's cover as the phone-sized copy (decision 075), as an
 * absolute address on PUBLIC_URL (crawlers do not resolve relative ones). An absolute http(s) cover is
 * kept as it is; no cover, no picture.
 */
export function shareImage(image: string | null, publicUrl: string): string | null {
  if (!image) return null;
  if (/^https?:\/\//i.test(image)) return image;
  if (!image.startsWith('/') || image.startsWith('//')) return null;
  return `${publicUrl.replace(/\/+$/, '')}${imageVariant(image, 640)}`;
}

interface Head {
  /** The page's name: og:title, and the tab's title with the app's name. */
  name: string;
  description: string;
  path: string;
  type: 'product' | 'website';
  image: string | null;
}

/** An address on the public origin with a language chosen (`?lang=`), as hreflang and canonical name it. */
const inLanguage = (url: string, lang: PublicLanguage) => `${url}?${LANGUAGE_PARAM}=${lang}`;

/**
 * A public page's title and the Open Graph tags a link preview reads (Zalo and Facebook read og:*, others the
 * plain description); every value escaped. In the page's language (decision 212): `og:locale` its own,
 * `og:locale:alternate` the company's other languages; an `alternate` link per offered language (the
 * address with `?lang=`) and `x-default` (the address alone, which chooses by the browser); canonical is
 * the page's own language's address when the company offers it. og:url stays the address alone: a link
 * shared by a Vietnamese reader opens in each friend's own language.
 */
function headTags(head: Head, publicUrl: string, l: HeadLanguage): string {
  const url = `${publicUrl.replace(/\/+$/, '')}${head.path}`;
  const image = shareImage(head.image, publicUrl);
  const meta = (attr: 'name' | 'property', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  const alternate = (hreflang: string, href: string) =>
    `<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}" />`;
  const canonical = l.offered.includes(l.lang) ? inLanguage(url, l.lang) : url;
  return [
    `<title>${escapeHtml(documentTitle(head.name, l.t))}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...l.offered.map((lang) => alternate(lang, inLanguage(url, lang))),
    alternate('x-default', url),
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', l.t.share.siteName),
    meta('property', 'og:locale', OG_LOCALES[l.lang]),
    ...l.offered
      .filter((lang) => lang !== l.lang)
      .map((lang) => meta('property', 'og:locale:alternate', OG_LOCALES[lang])),
    meta('property', 'og:title', head.name),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    ...(image ? [meta('property', 'og:image', image), meta('property', 'og:image:alt', head.name)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
  ].join('\n    ');
}

/**
 * The head of a server-rendered product page in `lang`. og:url is the product page's address, also for a
 * printed code's address: one product, one shared address.
 */
export function shareHead(product: SharedProduct, publicUrl: string, lang: PublicLanguage): string {
  const l = headLanguage(lang, product.languages);
  const head: Head = {
    name: productText(product, 'name', l),
    description: shareDescription(product, l),
    path: productPath(product.id),
    type: 'product',
    image: product.image,
  };
  return headTags(head, publicUrl, l);
}

/** A lot's page: the lot by its code and product, a recall (its own or an input's) said first, the lot's own address. */
export function lotShareHead(
  lot: SharedLot,
  product: SharedProduct,
  publicUrl: string,
  lang: PublicLanguage,
): string {
  const l = headLanguage(lang, product.languages);
  const t = l.t.share;
  const origin = productText(product, 'origin', l);
  const description = lot.recalled
    ? sentence([t.lotRecalled, t.lotCta])
    : lot.inputRecallCode
      ? sentence([t.lotInputRecalled, t.lotCta])
      : sentence([
          origin ? t.origin(origin) : '',
          product.company?.name ? t.company(companyText(product.company, l)) : '',
          t.lotCta,
        ]);
  const head: Head = {
    name: lotPageName(lot, { name: productText(product, 'name', l) }, l.t),
    description,
    path: lotPath(lot.id),
    type: 'product',
    image: product.image,
  };
  return headTags(head, publicUrl, l);
}

/** A company's page: its name, where it is, and what the page shows. */
export function companyShareHead(company: SharedCompany, publicUrl: string, lang: PublicLanguage): string {
  const l = headLanguage(lang, company.languages);
  const address = localize(company.address, company.translations, 'address', l.lang, l.offered).text;
  const head: Head = {
    name: companyText(company, l),
    description: sentence([address ? l.t.share.address(address) : '', l.t.share.companyCta]),
    path: companyPath(company.id),
    type: 'website',
    image: null,
  };
  return headTags(head, publicUrl, l);
}
