import { eq } from 'drizzle-orm';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/services/actor.ts';
import { redirectUrl } from '#server/services/codes.ts';
import { requireProductInScope } from '#server/services/products/read.ts';
import { bindCode } from '#server/services/products/records.ts';
import { type CompanyScope, inCompanyScope } from '#server/services/products/scope.ts';
import { vi } from '#shared/i18n/vi/index.ts';

/**
 * POST /shortLinks/{code}/bind { productId }: points a printed code of the company at one of its
 * products. Binding again to the same product is a no-op; a code bound to another product is 409
 * (unbind by deleting that product). The product's primary qr_code does not change.
 */
export async function bindShortLink(
  deps: AppDeps,
  scope: CompanyScope,
  actor: Actor,
  code: string,
  productId: number,
) {
  const { shortLinks } = deps.db.tables;
  return await transaction(deps.db, async (tx) => {
    const [link] = await tx
      .select({ companyId: shortLinks.companyId, productId: shortLinks.productId })
      .from(shortLinks)
      .where(eq(shortLinks.code, code))
      .limit(1);
    // Another company's code answers like an unknown one (decision 083).
    if (!link || !inCompanyScope(scope, link.companyId))
      throw new AppError('NOT_FOUND', vi.products.shortLinkNotFound);
    const product = await requireProductInScope(tx, scope, productId);
    if (product.companyId !== link.companyId) throw new AppError('FORBIDDEN', vi.products.otherCompany);
    if (link.productId !== null && link.productId !== productId) {
      throw new AppError('CONFLICT', vi.products.codeBoundElsewhere);
    }
    if (link.productId === null) await bindCode(tx, code, link.companyId, productId, actor.id);
    return { code, productId, url: redirectUrl(deps.settings.publicUrl, code) };
  });
}
