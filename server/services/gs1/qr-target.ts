/**
 * What a code's QR image encodes (decision 131): the GS1 Digital Link PUBLIC_URL/01/{gtin}[/10/{lot}]
 * when the code's company prints Digital Link QR codes and the code is bound to a product with a GTIN;
 * otherwise PUBLIC_URL/redirect/{code}. Both keep resolving for ever.
 */
import { eq } from 'drizzle-orm';
import { companies, lots, products, shortLinks } from '#server/db/schema/index.ts';
import type { AppDeps } from '#server/deps.ts';
import { redirectUrl } from '#server/services/codes.ts';
import { buildDigitalLink } from '#shared/gs1/digital-link.ts';

export function qrTargetUrl(deps: AppDeps, code: string): string {
  const publicUrl = deps.settings.publicUrl;
  const row = deps.db
    .select({ gtin: products.gtin, lot: lots.code, digitalLinkQr: companies.digitalLinkQr })
    .from(shortLinks)
    .innerJoin(products, eq(products.id, shortLinks.productId))
    .innerJoin(companies, eq(companies.id, products.companyId))
    .leftJoin(lots, eq(lots.id, shortLinks.lotId))
    .where(eq(shortLinks.code, code))
    .get();
  if (!row?.digitalLinkQr || !row.gtin) return redirectUrl(publicUrl, code);
  return buildDigitalLink(publicUrl, { gtin: row.gtin, lot: row.lot });
}
