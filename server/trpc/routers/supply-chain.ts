import { addInputs, listInputs, removeInput } from '#server/services/supply-chain/inputs.ts';
import { lotSupplyChain, searchLots } from '#server/services/supply-chain/overview.ts';
import { recallScope, recallScopeCsv } from '#server/services/supply-chain/recall-scope.ts';
import { traceLot } from '#server/services/supply-chain/trace.ts';
import { companyProcedure, router } from '#server/trpc/init.ts';
import {
  addInputsInput,
  lotRefInput,
  lotSearchInput,
  removeInputInput,
  traceInput,
} from '#shared/schemas/supply-chain.ts';

const manage = companyProcedure('manage', 'Product');

/** Transformations (a lot made from other lots of the company), traces and recall scopes (decision 202). */
export const supplyChainRouter = router({
  /** The workspace's lot page: receipts, inputs, uses, shipments, mass balance, recalled inputs. */
  lot: manage.input(lotRefInput).query(({ ctx, input }) => lotSupplyChain(ctx, ctx.companyId, input.lotId)),
  inputs: manage.input(lotRefInput).query(({ ctx, input }) => listInputs(ctx, ctx.companyId, input.lotId)),
  addInputs: manage
    .input(addInputsInput)
    .mutation(({ ctx, input }) => addInputs(ctx, ctx.companyId, ctx.user, input)),
  removeInput: manage
    .input(removeInputInput)
    .mutation(({ ctx, input }) => removeInput(ctx, ctx.companyId, input)),
  /** Lots of the same company to pick as an input. */
  searchLots: manage.input(lotSearchInput).query(({ ctx, input }) => searchLots(ctx, ctx.companyId, input)),
  trace: manage
    .input(traceInput)
    .query(({ ctx, input }) => traceLot(ctx, ctx.companyId, input.lotId, input.direction)),
  recallScope: manage
    .input(lotRefInput)
    .query(({ ctx, input }) => recallScope(ctx, ctx.companyId, input.lotId)),
  /** The same scope as a CSV file for Excel. */
  recallScopeCsv: manage
    .input(lotRefInput)
    .query(({ ctx, input }) => recallScopeCsv(ctx, ctx.companyId, input.lotId)),
});
