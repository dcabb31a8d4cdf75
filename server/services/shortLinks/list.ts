import { and, count, desc, eq, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type { AppDeps } from '#server/deps.ts';
import { withCompanyNames } from '#server/services/companies/names.ts';
import { qrTargetUrls } from '#server/services/gs1/qr-target.ts';
import { type CompanyScope, pickCompany } from '#server/services/products/scope.ts';
import type { ListShortLinksInput } from '#shared/schemas/shortLinks.ts';
import { qrImagePath } from './qr.ts';

/** GET /shortLinks: one page of the caller's company's codes, newest first, optionally only (un)bound ones. */
export async function listShortLinks(deps: AppDeps, scope: CompanyScope, input: ListShortLinksInput) {
  const { products, shortLinks } = deps.db.tables;
  const companyId = pickCompany(scope, input.companyId);
  const where: SQL[] = [];
  if (companyId !== null) where.push(eq(shortLinks.companyId, companyId));
  if (input.bound === true) where.push(isNotNull(shortLinks.productId));
  if (input.bound === false) where.push(isNull(shortLinks.productId));
  const filter = and(...where);
  const rows = await deps.db
    .select({
      code: shortLinks.code,
      companyId: shortLinks.companyId,
      productId: shortLinks.productId,
      productName: products.name,
      productStatus: products.status,
      boundAt: shortLinks.boundAt,
      createdAt: shortLinks.createdAt,
    })
    .from(shortLinks)
    .leftJoin(products, eq(products.id, shortLinks.productId))
    .where(filter)
    .orderBy(desc(shortLinks.createdAt), desc(shortLinks.id))
    .limit(input.limit)
    .offset((input.page - 1) * input.limit);
  const [counted] = await deps.db.select({ n: count() }).from(shortLinks).where(filter);
  const total = counted?.n ?? 0;
  // What each label encodes: the Digital Link when the company prints them (decision 131).
  const urls = await qrTargetUrls(
    deps,
    rows.map((r) => r.code),
  );
  const named = await withCompanyNames(deps, rows);
  return {
    shortLinks: named.map((r) => ({
      code: r.code,
      companyId: r.companyId,
      companyName: r.companyName,
      url: urls.get(r.code) as string,
      qr_code_image: qrImagePath(r.code, 'png'),
      qr_code_svg: qrImagePath(r.code, 'svg'),
      productId: r.productId,
      // The status, so the screen can warn before a code of an inactive product is printed: shoppers would see "not found".
      product:
        r.productId !== null
          ? { id: r.productId, name: r.productName ?? '', status: r.productStatus ?? 'INACTIVE' }
          : null,
      boundAt: r.boundAt?.toISOString() ?? null,
      createdAt: r.createdAt.toISOString(),
    })),
    total,
  };
}
