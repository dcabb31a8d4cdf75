import {
  createSerialBatch,
  getSerialBatch,
  listSerialBatches,
  voidSerials,
} from '#server/services/serials/batches.ts';
import { type StreamedFile, serialBatchCsv } from '#server/services/serials/export.ts';
import { companyProcedure, router } from '#server/trpc/init.ts';
import { serialVerdictProcedures } from './serial-verdicts.ts';
import {
  createSerialBatchInput,
  type SerialBatchList,
  type SerialBatchView,
  serialBatchIdInput,
  serialCsvInput,
  serialBatchListInput,
  voidSerialsInput,
} from '#shared/schemas/serials.ts';

/** Serials are printed on the company's products: whoever manages its products and lots makes them. */
const manage = companyProcedure('manage', 'Product');

/** Serialized codes (issue 32, decisions 204-205): batches, their voids and their CSV. */
export const serialsRouter = router({
  createBatch: manage
    .input(createSerialBatchInput)
    .mutation(
      ({ ctx, input }): Promise<SerialBatchView> => createSerialBatch(ctx, ctx.companyId, ctx.user.id, input),
    ),
  listBatches: manage
    .input(serialBatchListInput)
    .query(({ ctx, input }): Promise<SerialBatchList> => listSerialBatches(ctx, ctx.companyId, input)),
  /** The batch with its progress (`generated` of `count`) while GENERATING. */
  getBatch: manage
    .input(serialBatchIdInput)
    .query(({ ctx, input }): Promise<SerialBatchView> => getSerialBatch(ctx, ctx.companyId, input.id)),
  /** The whole batch (no range) or fromSeq..toSeq. */
  voidBatch: manage
    .input(voidSerialsInput)
    .mutation(
      ({ ctx, input }): Promise<SerialBatchView> => voidSerials(ctx, ctx.companyId, ctx.user.id, input),
    ),
  /**
   * The print house's CSV as a stream: answered by REST only (server/rest/serials.ts), where the stream is
   * piped to the response; over tRPC's HTTP link it has no JSON form.
   */
  exportCsv: manage
    .input(serialCsvInput)
    .query(({ ctx, input }): Promise<StreamedFile> => serialBatchCsv(ctx, ctx.companyId, input)),
  // The verdict, counting, PIN, fake reports and the suspects (decisions 206-208).
  ...serialVerdictProcedures,
});
