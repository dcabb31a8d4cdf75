import { importMovements } from '#server/services/supply-chain/import.ts';
import { addMovement, deleteMovement, listMovements } from '#server/services/supply-chain/movements.ts';
import { companyProcedure, router } from '#server/trpc/init.ts';
import {
  createReceiptInput,
  createShipmentInput,
  lotRefInput,
  movementIdInput,
  movementImportInput,
} from '#shared/schemas/supply-chain.ts';

/** Receipts and shipments are lot data: whoever manages the company's products records them. */
const manage = companyProcedure('manage', 'Product');

/** One step back: goods received from suppliers into a lot. */
export const receiptsRouter = router({
  list: manage
    .input(lotRefInput)
    .query(({ ctx, input }) => listMovements(ctx, ctx.companyId, 'receipt', input.lotId)),
  create: manage
    .input(createReceiptInput)
    .mutation(({ ctx, input }) => addMovement(ctx, ctx.companyId, ctx.user, 'receipt', input)),
  delete: manage
    .input(movementIdInput)
    .mutation(({ ctx, input }) => deleteMovement(ctx, ctx.companyId, 'receipt', input.id)),
  /** A CSV or XLSX file of receipts, imported whole or not at all. */
  import: manage
    .input(movementImportInput)
    .mutation(({ ctx, input }) => importMovements(ctx, ctx.companyId, ctx.user, 'receipt', input)),
});

/** One step forward: goods of a lot shipped to customers. */
export const shipmentsRouter = router({
  list: manage
    .input(lotRefInput)
    .query(({ ctx, input }) => listMovements(ctx, ctx.companyId, 'shipment', input.lotId)),
  create: manage
    .input(createShipmentInput)
    .mutation(({ ctx, input }) => addMovement(ctx, ctx.companyId, ctx.user, 'shipment', input)),
  delete: manage
    .input(movementIdInput)
    .mutation(({ ctx, input }) => deleteMovement(ctx, ctx.companyId, 'shipment', input.id)),
  /** A CSV or XLSX file of shipments, imported whole or not at all. */
  import: manage
    .input(movementImportInput)
    .mutation(({ ctx, input }) => importMovements(ctx, ctx.companyId, ctx.user, 'shipment', input)),
});
