import { datasetStatus } from '#server/services/lots/dataset.ts';
import { importLots } from '#server/services/lots/import.ts';
import { getPublicLot } from '#server/services/lots/public-lot.ts';
import { getLot, listLots } from '#server/services/lots/read.ts';
import {
  createLot,
  createLotCode,
  deleteLot,
  holdLot,
  liftRecall,
  recallLot,
  releaseHold,
  updateLot,
} from '#server/services/lots/save.ts';
import {
  deleteLotTranslation,
  getLotTranslation,
  putLotTranslation,
} from '#server/services/translations/translations.ts';
import { companyProcedure, publicProcedure, router } from '#server/trpc/init.ts';
import {
  createLotInput,
  datasetStatusInput,
  liftRecallInput,
  lotIdInput,
  lotImportInput,
  lotListInput,
  recallLotInput,
  updateLotInput,
} from '#shared/schemas/lots.ts';
import { holdLotInput, releaseHoldInput } from '#shared/schemas/supply-chain.ts';
import { putLotTranslationInput, translationKeyInput } from '#shared/schemas/translations.ts';

/** Lots are product data: whoever manages the company's products manages its lots (shared/permissions.ts). */
const manage = companyProcedure('manage', 'Product');

export const lotsRouter = router({
  list: manage.input(lotListInput).query(({ ctx, input }) => listLots(ctx, ctx.companyId, input.productId)),
  get: manage.input(lotIdInput).query(({ ctx, input }) => getLot(ctx, ctx.companyId, input.id)),
  create: manage.input(createLotInput).mutation(({ ctx, input }) => createLot(ctx, ctx.companyId, input)),
  update: manage.input(updateLotInput).mutation(({ ctx, input }) => updateLot(ctx, ctx.companyId, input)),
  delete: manage.input(lotIdInput).mutation(({ ctx, input }) => deleteLot(ctx, ctx.companyId, input.id)),
  recall: manage.input(recallLotInput).mutation(({ ctx, input }) => recallLot(ctx, ctx.companyId, input)),
  liftRecall: manage
    .input(liftRecallInput)
    .mutation(({ ctx, input }) => liftRecall(ctx, ctx.companyId, input)),
  /** On hold: kept back for a check, no shipment and no use as an input until released (decision 200). */
  hold: manage.input(holdLotInput).mutation(({ ctx, input }) => holdLot(ctx, ctx.companyId, input)),
  releaseHold: manage
    .input(releaseHoldInput)
    .mutation(({ ctx, input }) => releaseHold(ctx, ctx.companyId, input)),
  /** The lot in another language (decision 210): whoever edits the lot translates it. */
  getTranslation: manage
    .input(translationKeyInput)
    .query(({ ctx, input }) => getLotTranslation(ctx, ctx.companyId, input)),
  putTranslation: manage
    .input(putLotTranslationInput)
    .mutation(({ ctx, input }) => putLotTranslation(ctx, ctx.companyId, input)),
  deleteTranslation: manage
    .input(translationKeyInput)
    .mutation(({ ctx, input }) => deleteLotTranslation(ctx, ctx.companyId, input)),
  createQrCode: manage
    .input(lotIdInput)
    .mutation(({ ctx, input }) => createLotCode(ctx, ctx.companyId, ctx.user, input.id)),
  /** A CSV or XLSX file of one product's lots, imported whole or not at all (decision 128). */
  import: manage.input(lotImportInput).mutation(({ ctx, input }) => importLots(ctx, ctx.companyId, input)),
  /** Which Thông tư 02/2024 items the listed products lack (decision 127). */
  datasetStatus: manage
    .input(datasetStatusInput)
    .query(({ ctx, input }) => datasetStatus(ctx, ctx.companyId, input.productIds)),
  /** The public lot page: a lot of an ACTIVE product, recall first (decision 126). */
  publicById: publicProcedure.input(lotIdInput).query(({ ctx, input }) => getPublicLot(ctx, input.id)),
});
