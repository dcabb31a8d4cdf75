/**
 * What a code's QR image and printed label encode (decision 131): the GS1 Digital Link
 * PUBLIC_URL/01/{gtin}[/10/{lot}] when the code's company prints Digital Link QR codes and the code is
 * bound to a product with a GTIN; otherwise PUBLIC_URL/redirect/{code}. Both keep resolving for ever.
 */
import { eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '#server/deps.ts';
import { CODE_PATTERN, redirectUrl } from '#server/services/codes.ts';
import { buildDigitalLink } from '#shared/gs1/digital-link.ts';

type TargetDeps = Pick<AppDeps, 'db' | 'settings'>;

/** The URL each of `codes` encodes, by code, in one query (a page of codes, a lot's codes). */
export async function qrTargetUrls(deps: TargetDeps, codes: readonly string[]): Promise<Map<string, string>> {
  const { companies, lots, products, shortLinks } = deps.db.tables;
  const publicUrl = deps.settings.publicUrl;
  const urls = new Map(codes.map((code) => [code, redirectUrl(publicUrl, code)]));
  if (!codes.length) return urls;
  const rows = await deps.db
    .select({
      code: shortLinks.code,
      gtin: products.gtin,
      lot: lots.code,
      digitalLinkQr: companies.digitalLinkQr,
    })
    .from(shortLinks)
    .innerJoin(products, eq(products.id, shortLinks.productId))
    .innerJoin(companies, eq(companies.id, products.companyId))
    .leftJoin(lots, eq(lots.id, shortLinks.lotId))
    .where(inArray(shortLinks.code, [...codes]));
  for (const row of rows) {
    if (row.digitalLinkQr && row.gtin)
      urls.set(row.code, buildDigitalLink(publicUrl, { gtin: row.gtin, lot: row.lot }));
  }
  return urls;
}

export async function qrTargetUrl(deps: TargetDeps, code: string): Promise<string> {
  return (await qrTargetUrls(deps, [code])).get(code) as string;
}

/**
 * What the QR image of `code` encodes, or null when it is not a code we issued: the image route draws
 * nothing for strangers (a code of the wrong shape is not looked up).
 */
export async function issuedQrTargetUrl(deps: TargetDeps, code: string): Promise<string | null> {
  if (!CODE_PATTERN.test(code)) return null;
  const { shortLinks } = deps.db.tables;
  const [known] = await deps.db
    .select({ id: shortLinks.id })
    .from(shortLinks)
    .where(eq(shortLinks.code, code))
    .limit(1);
  return known ? qrTargetUrl(deps, code) : null;
}
