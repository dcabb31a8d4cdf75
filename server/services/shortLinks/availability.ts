import { eq } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { products, shortLinks } from '#server/db/schema/index.ts';
import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';

/**
 * Whether `code` may be the code of `productId` (or of a new product when undefined) in `companyId`:
 * unknown codes are free; a code of the same company is free while unbound or already this product's;
 * anything bound elsewhere or owned by another company is taken. Answers only yes/no, so another
 * company's codes reveal nothing. `companyId` null (a SUPER_ADMIN with no company chosen): only unknown codes.
 */
export async function isCodeFree(
  db: Executor,
  code: string,
  companyId: number | null,
  productId?: number,
): Promise<boolean> {
  const [link] = await db
    .select({ companyId: shortLinks.companyId, productId: shortLinks.productId })
    .from(shortLinks)
    .where(eq(shortLinks.code, code))
    .limit(1);
  // Every product's code has a short-link row; the products table is checked too in case one predates that.
  const [holder] = await db
    .select({ id: products.id })
    .from(products)
    .where(eq(products.qrCode, code))
    .limit(1);
  if (holder && holder.id !== productId) return false;
  if (!link) return true;
  if (companyId === null || link.companyId !== companyId) return false;
  return link.productId === null || link.productId === productId;
}

export async function assertCodeFree(
  db: Executor,
  code: string,
  companyId: number,
  productId?: number,
): Promise<void> {
  if (!(await isCodeFree(db, code, companyId, productId))) {
    throw new AppError('CONFLICT', vi.errors.qrCodeTaken, { fields: { qr_code: vi.errors.qrCodeTaken } });
  }
}
