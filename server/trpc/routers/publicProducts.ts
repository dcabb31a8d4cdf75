import { getPublicProduct, listPublicCompanyProducts } from '#server/services/publicProducts/read.ts';
import { publicProcedure, router } from '#server/trpc/init.ts';
import { publicCompanyProductsInput, publicProductInput } from '#shared/schemas/publicProducts.ts';

/** What anyone may read without a code: ACTIVE products by id, and a company's ACTIVE products. */
export const publicProductsRouter = router({
  byId: publicProcedure.input(publicProductInput).query(({ ctx, input }) => getPublicProduct(ctx, input.id)),
  companyProducts: publicProcedure
    .input(publicCompanyProductsInput)
    .query(({ ctx, input }) => listPublicCompanyProducts(ctx, input)),
});
