import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/services/actor.ts';
import { generateCode, redirectUrl } from '#server/services/codes.ts';
import { requireProductInScope } from '#server/services/products/read.ts';
import { type CompanyScope, pickCompany } from '#server/services/products/scope.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { CreateShortLinksInput } from '#shared/schemas/shortLinks.ts';

/**
 * POST /shortLinks: `count` new codes for the caller's company, unbound (to print first and bind
 * later) or bound to one of its products. One transaction; a (vanishingly rare) code collision is
 * skipped by the unique index and drawn again.
 */
export async function createShortLinks(
  deps: AppDeps,
  scope: CompanyScope,
  actor: Actor,
  input: CreateShortLinksInput,
) {
  const { shortLinks } = deps.db.tables;
  let companyId = pickCompany(scope, input.companyId);
  const productId = input.productId ?? null;
  if (productId !== null) {
    const product = await requireProductInScope(deps.db, scope, productId);
    if (companyId !== null && companyId !== product.companyId)
      throw new AppError('FORBIDDEN', vi.products.otherCompany);
    companyId = product.companyId;
  }
  if (companyId === null) {
    throw new AppError('BAD_REQUEST', vi.products.companyRequired, {
      fields: { companyId: vi.validation.required },
    });
  }
  const owner = companyId;
  const codes = await transaction(deps.db, async (tx) => {
    const made: string[] = [];
    while (made.length < input.count) {
      const code = generateCode();
      const [row] = await tx
        .insert(shortLinks)
        .values({
          code,
          companyId: owner,
          productId,
          createdBy: actor.id,
          boundAt: productId ? new Date() : null,
        })
        .onConflictDoNothing()
        .returning({ code: shortLinks.code });
      if (row) made.push(row.code);
    }
    return made;
  });
  return codes.map((code) => ({ code, url: redirectUrl(deps.settings.publicUrl, code), productId }));
}
