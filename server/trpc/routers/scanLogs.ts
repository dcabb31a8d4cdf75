import { addScanLog, listScanLogs, mergeScanLogs } from '#server/services/scanLogs/logs.ts';
import { protectedProcedure, router } from '#server/trpc/init.ts';
import { addScanLogInput, listScanLogsInput, mergeScanLogsInput } from '#shared/schemas/scanLogs.ts';

/** A signed-in user's own scan history (every role: it is never anyone else's). */
export const scanLogsRouter = router({
  list: protectedProcedure
    .input(listScanLogsInput)
    .query(({ ctx, input }) => listScanLogs(ctx, ctx.user.id, input.page, input.limit)),
  add: protectedProcedure
    .input(addScanLogInput)
    .mutation(({ ctx, input }) => addScanLog(ctx, ctx.user.id, input.productId, input.lotId)),
  merge: protectedProcedure
    .input(mergeScanLogsInput)
    .mutation(({ ctx, input }) => mergeScanLogs(ctx, ctx.user.id, input.productIds, input.lots)),
});
