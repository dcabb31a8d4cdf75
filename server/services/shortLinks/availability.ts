import { inArray } from 'drizzle-orm';
import { chunked, LOOKUP_CHUNK } from '#server/db/chunks.ts';
import type { Executor } from '#server/db/client.ts';
import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';

/**
 * Of `codes`, the ones that may be the code of `productId` (or of a new product when undefined) in
 * `companyId`: unknown codes are free; a code of the same company is free while unbound or already this
 * product's; anything bound elsewhere or owned by another company is taken. Answers only which are free,
 * so another company's codes reveal nothing. `companyId` null (a SUPER_ADMIN with no company chosen):
 * only unknown codes. Two lookups per chunk of codes, whatever their number.
 */
export async function freeCodes(
  db: Executor,
  codes: readonly string[],
  companyId: number | null,
  productId?: number,
): Promise<Set<string>> {
  const { products, shortLinks } = db.tables;
  const links = new Map<string, { companyId: number; productId: number | null }>();
  // Every product's code has a short-link row; the products table is checked too in case one predates that.
  const holders = new Map<string, number>();
  for (const chunk of chunked([...new Set(codes)], LOOKUP_CHUNK)) {
    for (const link of await db
      .select({ code: shortLinks.code, companyId: shortLinks.companyId, productId: shortLinks.productId })
      .from(shortLinks)
      .where(inArray(shortLinks.code, chunk))) {
      links.set(link.code, link);
    }
    for (const holder of await db
      .select({ id: products.id, qrCode: products.qrCode })
      .from(products)
      .where(inArray(products.qrCode, chunk))) {
      holders.set(holder.qrCode, holder.id);
    }
  }
  const free = new Set<string>();
  for (const code of codes) {
    const holder = holders.get(code);
    if (holder !== undefined && holder !== productId) continue;
    const link = links.get(code);
    if (
      !link ||
      (companyId !== null &&
        link.companyId === companyId &&
        (link.productId === null || link.productId === productId))
    ) {
      free.add(code);
    }
  }
  return free;
}

/** Whether one code is free: the rule of freeCodes. */
export async function isCodeFree(
  db: Executor,
  code: string,
  companyId: number | null,
  productId?: number,
): Promise<boolean> {
  return (await freeCodes(db, [code], companyId, productId)).has(code);
}

/** Refuses (409, naming the QR code field) unless every one of `codes` is free: the rule of freeCodes. */
export async function assertCodesFree(
  db: Executor,
  codes: readonly string[],
  companyId: number,
  productId?: number,
): Promise<void> {
  const free = await freeCodes(db, codes, companyId, productId);
  if (codes.some((code) => !free.has(code))) {
    throw new AppError('CONFLICT', vi.errors.qrCodeTaken, { fields: { qr_code: vi.errors.qrCodeTaken } });
  }
}

export async function assertCodeFree(
  db: Executor,
  code: string,
  companyId: number,
  productId?: number,
): Promise<void> {
  await assertCodesFree(db, [code], companyId, productId);
}
