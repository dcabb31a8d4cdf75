import { z } from 'zod';
import { MAX_PAGE_SIZE, PUBLIC_COMPANY_PRODUCTS_PAGE_SIZE } from '#shared/constants.ts';
import { idSchema } from './common.ts';

/** GET /public/products/{id}: an ACTIVE product, opened by id (the product page's address). */
export const publicProductInput = z.strictObject({ id: idSchema });

/** GET /public/companies/{id}/products?page&limit. */
export const publicCompanyProductsInput = z.strictObject({
  id: idSchema,
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PUBLIC_COMPANY_PRODUCTS_PAGE_SIZE),
});
export type PublicCompanyProductsInput = z.infer<typeof publicCompanyProductsInput>;
