/**
 * The GS1 Digital Link resolver's answers (decisions 130 and 190): what a parsed Digital Link names, and
 * its links by GS1 link type. A GTIN (01) names an ACTIVE product or one of its lots; a GLN (414, a
 * location, or 417, a party) names the company that carries it. Every other primary key is well formed
 * but names nothing here. Services know no HTTP: server/http/gs1-answers.ts turns these into 307s,
 * linksets and 404s.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '#server/deps.ts';
import type { Viewer } from '#server/services/products/resolve.ts';
import { recordScanEvent } from '#server/services/scans/record.ts';
import { canonicalDigitalLink, type ParsedDigitalLink } from '#shared/gs1/digital-link.ts';
import { GS1_PAGE_LINK_TITLES, type PageLinkTitles } from '#shared/i18n/gs1-link-titles.ts';
import {
  LANGUAGE_PARAM,
  offeredLanguages,
  type PublicLanguage,
  type TranslationLanguage,
} from '#shared/i18n/languages.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { companyPath, lotPath, productPath, productPathAskingLot } from '#shared/public-paths.ts';

/** The GS1 Web vocabulary, the namespace of `gs1:` link types (GS1-Conformant resolver standard). */
export const GS1_VOC = 'https://ref.gs1.org/voc/';

export interface ResolvedLink {
  href: string;
  title: string;
  type?: string;
  hreflang?: string[];
}

/** What opening a Digital Link's default link counts as a scan of. */
export interface ScanTarget {
  productId: number;
  companyId: number;
  /** The lot the link names, when the app knows it (null when it walked up to the product). */
  lotId: number | null;
}

export interface Resolution {
  /** The uncompressed Digital Link asked for, on this app's origin, without its query: the linkset's anchor. */
  anchor: string;
  itemDescription: string;
  /**
   * Links by short link type ('defaultLink', 'pip', ...). The default link has only `href` and `title`, as
   * the resolver standard asks; the same target is also listed under its descriptive type.
   */
  links: Record<string, ResolvedLink[]>;
  /**
   * The address a redirect to a page's link type goes to (by short link type): the page without `?lang=`,
   * whose language the page then chooses from the request as any page does (decision 212), so that the
   * redirect never pins the language of the linkset's first entry.
   */
  pages: Record<string, string>;
  /** Set when the key names a product: its default link opened is a scan (decision 136). */
  scan: ScanTarget | null;
}

/**
 * A language as a linkset's `hreflang` names it: GS1's linkset schema takes a two-letter language or a
 * language and region (`en`, `en-GB`), not a script subtag, so Simplified Chinese is `zh` there (any
 * Chinese reader is sent to it, as parseLanguage sends `zh-TW` to it too).
 */
const LINKSET_HREFLANG: Record<PublicLanguage, string> = { vi: 'vi', en: 'en', 'zh-Hans': 'zh' };

/**
 * A page's link once per language its company publishes (issue 33, decision 212): each with its `hreflang`
 * and the address that opens the page in it (`?lang=`), titled in that language. Vietnamese first.
 */
function pageLinks(
  href: string,
  type: keyof PageLinkTitles,
  languages: readonly TranslationLanguage[] | null,
): ResolvedLink[] {
  return offeredLanguages(languages).map((lang) => ({
    href: `${href}${href.includes('?') ? '&' : '?'}${LANGUAGE_PARAM}=${lang}`,
    title: GS1_PAGE_LINK_TITLES[lang][type],
    type: 'text/html',
    hreflang: [LINKSET_HREFLANG[lang]],
  }));
}

function publicBase(deps: AppDeps): string {
  return deps.settings.publicUrl.replace(/\/+$/, '');
}

/** The ACTIVE product carrying a GTIN and, when a lot code is asked, its lot of that code (null when it has none). */
export interface GtinKeyMatch {
  product: { id: number; companyId: number; name: string; languages: TranslationLanguage[] | null };
  lot: { id: number; code: string; recalledAt: Date | null } | null;
}

/** A product's lot by its code (GS1 lot codes are case-sensitive), or undefined. */
export async function lotByCode(deps: Pick<AppDeps, 'db'>, productId: number, code: string) {
  const { lots } = deps.db.tables;
  const [lot] = await deps.db
    .select({ id: lots.id, code: lots.code, recalledAt: lots.recalledAt })
    .from(lots)
    .where(and(eq(lots.productId, productId), eq(lots.code, code)))
    .limit(1);
  return lot;
}

/**
 * What a GTIN and a lot code name (a Digital Link, on our origin or another resolver's): only ACTIVE
 * products are public; an unknown lot is not a miss while the GTIN is known (GS1 resolver behaviour).
 */
export async function findGtinKey(
  deps: Pick<AppDeps, 'db'>,
  gtin: string,
  lotCode: string | null | undefined,
): Promise<GtinKeyMatch | null> {
  const { products, companies } = deps.db.tables;
  const [product] = await deps.db
    .select({
      id: products.id,
      companyId: products.companyId,
      name: products.name,
      languages: companies.languages,
    })
    .from(products)
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(and(eq(products.gtin, gtin), eq(products.status, 'ACTIVE')))
    .limit(1);
  if (!product) return null;
  return { product, lot: lotCode ? ((await lotByCode(deps, product.id, lotCode)) ?? null) : null };
}

/**
 * A GTIN, walking up when a part is unknown: serial -> lot -> product (GS1 resolver behaviour: an unknown
 * lot is not a 404 while the GTIN is known). Only ACTIVE products are public. The default link of an
 * unknown lot is the product page naming the lot asked for, which it says it does not have (decision 184).
 */
async function resolveGtin(deps: AppDeps, link: ParsedDigitalLink): Promise<Resolution | null> {
  const lotCode = link.qualifiers.find(([ai]) => ai === '10')?.[1];
  const found = await findGtinKey(deps, link.value, lotCode);
  if (!found) return null;
  const { product, lot } = found;

  const base = publicBase(deps);
  const t = vi.gs1.linkTitles;
  const productPage = `${base}${productPath(product.id)}`;
  const tracePage = lot
    ? `${base}${lotPath(lot.id)}`
    : lotCode
      ? `${base}${productPathAskingLot(product.id, lotCode)}`
      : productPage;
  const epcis = lot ? `${base}/api/epcis/lots/${lot.id}` : `${base}/api/epcis/products/${product.id}`;
  const links: Record<string, ResolvedLink[]> = {
    defaultLink: [{ href: tracePage, title: t.defaultLink }],
    pip: pageLinks(productPage, 'pip', product.languages),
    traceability: pageLinks(tracePage, 'traceability', product.languages),
    epcis: [{ href: epcis, title: t.epcis, type: 'application/ld+json' }],
  };
  const pages: Record<string, string> = { pip: productPage, traceability: tracePage };
  if (lot?.recalledAt) {
    links.recallStatus = pageLinks(tracePage, 'recallStatus', product.languages);
    pages.recallStatus = tracePage;
  }
  return {
    anchor: canonicalDigitalLink({ ...link, base }),
    itemDescription: lot ? `${product.name} - ${vi.gs1.lot} ${lot.code}` : product.name,
    links,
    pages,
    scan: { productId: product.id, companyId: product.companyId, lotId: lot?.id ?? null },
  };
}

/**
 * A GLN, of a location (414) or a party (417): the company that entered it, its public page. Its
 * qualifiers (a GLN extension 254, an economic operator 7040) walk up to the company. Two companies may
 * have typed the same GLN: the first registered answers.
 */
async function resolveGln(deps: AppDeps, link: ParsedDigitalLink): Promise<Resolution | null> {
  const { companies } = deps.db.tables;
  const [company] = await deps.db
    .select({ id: companies.id, name: companies.name, languages: companies.languages })
    .from(companies)
    .where(eq(companies.gln, link.value))
    .orderBy(asc(companies.id))
    .limit(1);
  if (!company) return null;
  const base = publicBase(deps);
  const page = `${base}${companyPath(company.id)}`;
  const t = vi.gs1.linkTitles;
  return {
    anchor: canonicalDigitalLink({ ...link, base }),
    itemDescription: company.name,
    links: {
      defaultLink: [{ href: page, title: t.homepage }],
      homepage: pageLinks(page, 'homepage', company.languages),
    },
    pages: { homepage: page },
    scan: null,
  };
}

const RESOLVERS = new Map<string, (deps: AppDeps, link: ParsedDigitalLink) => Promise<Resolution | null>>([
  ['01', resolveGtin],
  ['414', resolveGln],
  ['417', resolveGln],
]);

/** The primary keys this resolver can name something for (its description file lists them). */
export const RESOLVED_PRIMARY_KEYS: readonly string[] = [...RESOLVERS.keys()];

/** What a well-formed Digital Link names here, or null: a key this app holds nothing for. */
export async function resolveDigitalLink(deps: AppDeps, link: ParsedDigitalLink): Promise<Resolution | null> {
  const resolve = RESOLVERS.get(link.primary);
  return resolve ? resolve(deps, link) : null;
}

/** The RFC 9264 linkset document of a resolution (link relation types as full GS1 vocabulary URIs). */
export function linksetOf(r: Resolution): { linkset: Array<Record<string, unknown>> } {
  const entry: Record<string, unknown> = { anchor: r.anchor, itemDescription: r.itemDescription };
  for (const [type, list] of Object.entries(r.links)) entry[`${GS1_VOC}${type}`] = list;
  return { linkset: [entry] };
}

/**
 * A Digital Link opened and sent on to its default link is a scan of the product (and of its lot when
 * the link names a known one), as a printed /redirect/{code} is: a company that prints Digital Link QR
 * codes (decision 131) sees its scans in the statistics, recalled lots' included (decision 136).
 */
export function recordDigitalLinkOpen(
  deps: Pick<AppDeps, 'scanBuffer'>,
  scan: ScanTarget,
  viewer: Viewer,
): void {
  recordScanEvent(deps, { ...scan, ...viewer });
}
