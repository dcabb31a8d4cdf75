/**
 * The GS1 Digital Link resolver's answers (decision 130): which product or lot a parsed Digital Link
 * names, and its links by GS1 link type. Services know no HTTP: server/http/gs1-answers.ts turns these
 * into 307s, linksets and 404s.
 */
import { and, eq } from 'drizzle-orm';
import { lots, products } from '#server/db/schema/index.ts';
import type { AppDeps } from '#server/deps.ts';
import type { Viewer } from '#server/services/products/resolve.ts';
import { recordScanEvent } from '#server/services/scans/record.ts';
import { canonicalDigitalLink, type ParsedDigitalLink } from '#shared/gs1/digital-link.ts';
import { lotPath, productPath, productPathAskingLot } from '#shared/public-paths.ts';
import { vi } from '#shared/i18n/vi/index.ts';

export const GS1_VOC = 'https://gs1.org/voc/';

export interface ResolvedLink {
  href: string;
  title: string;
  type?: string;
  hreflang?: string[];
}

export interface Resolution {
  productId: number;
  companyId: number;
  /** The lot the link names, when the app knows it (null when it walked up to the product). */
  lotId: number | null;
  /** The uncompressed Digital Link asked for, on this app's origin, without its query: the linkset's anchor. */
  anchor: string;
  itemDescription: string;
  /** Links by short link type ('defaultLink', 'pip', ...); the default link is the first. */
  links: Record<string, ResolvedLink[]>;
}

/** The ACTIVE product carrying a GTIN and, when a lot code is asked, its lot of that code (null when it has none). */
export interface GtinKeyMatch {
  product: { id: number; companyId: number; name: string };
  lot: { id: number; code: string; recalledAt: Date | null } | null;
}

/** A product's lot by its code (GS1 lot codes are case-sensitive), or undefined. */
export async function lotByCode(deps: Pick<AppDeps, 'db'>, productId: number, code: string) {
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
  const [product] = await deps.db
    .select({ id: products.id, companyId: products.companyId, name: products.name })
    .from(products)
    .where(and(eq(products.gtin, gtin), eq(products.status, 'ACTIVE')))
    .limit(1);
  if (!product) return null;
  return { product, lot: lotCode ? ((await lotByCode(deps, product.id, lotCode)) ?? null) : null };
}

/**
 * What a Digital Link names, walking up when a part is unknown: serial -> lot -> product (GS1 resolver
 * behaviour: an unknown lot is not a 404 while the GTIN is known). Only ACTIVE products are public. The
 * default link of an unknown lot is the product page naming the lot asked for, which it says it does not
 * have (decision 184).
 */
export async function resolveDigitalLink(deps: AppDeps, link: ParsedDigitalLink): Promise<Resolution | null> {
  if (link.primary !== '01') return null;
  const lotCode = link.qualifiers.find(([ai]) => ai === '10')?.[1];
  const found = await findGtinKey(deps, link.value, lotCode);
  if (!found) return null;
  const { product, lot } = found;

  const base = deps.settings.publicUrl.replace(/\/+$/, '');
  const t = vi.gs1.linkTitles;
  const productPage = `${base}${productPath(product.id)}`;
  const tracePage = lot
    ? `${base}${lotPath(lot.id)}`
    : lotCode
      ? `${base}${productPathAskingLot(product.id, lotCode)}`
      : productPage;
  const epcis = lot ? `${base}/api/epcis/lots/${lot.id}` : `${base}/api/epcis/products/${product.id}`;
  const html = { type: 'text/html', hreflang: ['vi'] };
  const links: Record<string, ResolvedLink[]> = {
    defaultLink: [{ href: tracePage, title: t.defaultLink, ...html }],
    pip: [{ href: productPage, title: t.pip, ...html }],
    traceability: [{ href: tracePage, title: t.traceability, ...html }],
    epcis: [{ href: epcis, title: t.epcis, type: 'application/ld+json' }],
  };
  if (lot?.recalledAt) links.recallStatus = [{ href: tracePage, title: vi.gs1.recalled, ...html }];
  return {
    productId: product.id,
    companyId: product.companyId,
    lotId: lot?.id ?? null,
    anchor: canonicalDigitalLink({ ...link, base }),
    itemDescription: lot ? `${product.name} - ${vi.gs1.lot} ${lot.code}` : product.name,
    links,
  };
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
  resolution: Pick<Resolution, 'productId' | 'companyId' | 'lotId'>,
  viewer: Viewer,
): void {
  recordScanEvent(deps, {
    productId: resolution.productId,
    companyId: resolution.companyId,
    lotId: resolution.lotId,
    ...viewer,
  });
}
