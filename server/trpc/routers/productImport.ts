import { importProducts } from '#server/services/productImport/run.ts';
import { companyProcedure, router } from '#server/trpc/init.ts';
import { productImportInput, productImportOutput } from '#shared/schemas/productImport.ts';

/** Multiple product upload: whoever manages the company's products (COMPANY_ADMIN, EMPLOYEE, SUPER_ADMIN). */
export const productImportRouter = router({
  /** A CSV or XLSX file: checked (`dryRun`) or imported whole, in one transaction. */
  run: companyProcedure('manage', 'Product')
    .input(productImportInput)
    .output(productImportOutput)
    .mutation(({ ctx, input }) => importProducts(ctx, ctx.companyId, ctx.user, input)),
});
