import type { z } from 'zod';
import type { AppDeps } from '#server/deps.ts';
import { isCodeFree } from '#server/services/shortLinks/availability.ts';
import type { checkQrCodeInput } from '#shared/schemas/products.ts';
import { requireProductInScope } from './read.ts';
import { type CompanyScope, pickCompany } from './scope.ts';

/**
 * POST /products/check-qr-code: whether the code is free for the product `id` (or a new product).
 * The company is the product's, else the caller's (a SUPER_ADMIN may name one). Yes or no only.
 */
export async function checkQrCode(
  deps: AppDeps,
  scope: CompanyScope,
  input: z.infer<typeof checkQrCodeInput>,
) {
  let companyId = pickCompany(scope, input.companyId);
  if (input.id !== undefined) {
    const product = await requireProductInScope(deps.db, scope, input.id);
    companyId = product.companyId;
  }
  return { available: await isCodeFree(deps.db, input.qr_code, companyId, input.id) };
}
