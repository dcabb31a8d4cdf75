import type { Context } from '#server/edge/context.ts';
import { checkQrCode } from '#server/services/products/check-code.ts';
import { listProducts } from '#server/services/products/list.ts';
import { getProduct } from '#server/services/products/read.ts';
import { resolveCode } from '#server/services/products/resolve.ts';
import { createProduct, deleteProduct, updateProduct } from '#server/services/products/save.ts';
import { scanProductImage } from '#server/services/products/scan-image.ts';
import { resolveScan } from '#server/services/scans/resolve-scan.ts';
import {
  deleteProductTranslation,
  getProductTranslation,
  putProductTranslation,
} from '#server/services/translations/translations.ts';
import { companyProcedure, publicProcedure, router } from '#server/trpc/init.ts';
import {
  checkQrCodeInput,
  createProductInput,
  productIdInput,
  productListInput,
  qrCodeLookupInput,
  resolveScanInput,
  updateProductInput,
} from '#shared/schemas/products.ts';
import { putProductTranslationInput, translationKeyInput } from '#shared/schemas/translations.ts';
import { uploadFileInput } from '#shared/schemas/uploads.ts';

/** Products, their timelines and codes: the company's staff (and SUPER_ADMIN) manage them. */
const manage = companyProcedure('manage', 'Product');

/** Who scans, as much as a scan event may keep: the user id if signed in, the User-Agent for a device class. */
const viewerOf = (ctx: Context) => ({ userId: ctx.user?.id ?? null, userAgent: ctx.req.userAgent });

export const productsRouter = router({
  list: manage.input(productListInput).query(({ ctx, input }) => listProducts(ctx, ctx.companyId, input)),
  get: manage.input(productIdInput).query(({ ctx, input }) => getProduct(ctx, ctx.companyId, input.id)),
  create: manage
    .input(createProductInput)
    .mutation(({ ctx, input }) => createProduct(ctx, ctx.companyId, ctx.user, input)),
  update: manage
    .input(updateProductInput)
    .mutation(({ ctx, input }) => updateProduct(ctx, ctx.companyId, ctx.user, input)),
  delete: manage
    .input(productIdInput)
    .mutation(({ ctx, input }) => deleteProduct(ctx, ctx.companyId, input.id)),
  /** The product in another language (decision 210): whoever edits the product translates it. */
  getTranslation: manage
    .input(translationKeyInput)
    .query(({ ctx, input }) => getProductTranslation(ctx, ctx.companyId, input)),
  putTranslation: manage
    .input(putProductTranslationInput)
    .mutation(({ ctx, input }) => putProductTranslation(ctx, ctx.companyId, input)),
  deleteTranslation: manage
    .input(translationKeyInput)
    .mutation(({ ctx, input }) => deleteProductTranslation(ctx, ctx.companyId, input)),
  checkQrCode: manage
    .input(checkQrCodeInput)
    .mutation(({ ctx, input }) => checkQrCode(ctx, ctx.companyId, input)),
  /** The public product page: an ACTIVE product by code; records a scan event. */
  resolve: publicProcedure
    .input(qrCodeLookupInput)
    .query(({ ctx, input }) => resolveCode(ctx, input.code, viewerOf(ctx))),
  /**
   * A code the scan page read (camera, photo, typed), as shared/scanned-text.ts names it: any address the
   * app prints, a Digital Link of any resolver. The product, the page it leads to; records a scan event.
   */
  resolveScan: publicProcedure
    .input(resolveScanInput)
    .query(({ ctx, input }) => resolveScan(ctx, input, viewerOf(ctx))),
  /** A photo of QR codes -> the same answer as `resolveScan`, with every product of ours it shows. */
  scanImage: publicProcedure
    .input(uploadFileInput)
    .mutation(({ ctx, input }) => scanProductImage(ctx, input, viewerOf(ctx))),
});
