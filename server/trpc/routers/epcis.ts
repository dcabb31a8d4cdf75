import { z } from 'zod';
import { AppError } from '#server/errors.ts';
import { exportCompanyLotEpcis, exportLotEpcis, exportProductEpcis } from '#server/services/epcis/export.ts';
import { importEpcisIntoLot } from '#server/services/epcis/import.ts';
import { companyProcedure, publicProcedure, router } from '#server/trpc/init.ts';
import { idSchema } from '#shared/schemas/common.ts';

/** EPCIS 2.0 (decision 133): public exports of ACTIVE products and their lots; import into a lot by its company. */
export const epcisRouter = router({
  product: publicProcedure.input(z.strictObject({ id: idSchema })).query(async ({ ctx, input }) => {
    const doc = await exportProductEpcis(ctx, input.id);
    if (!doc) throw new AppError('NOT_FOUND');
    return doc;
  }),
  lot: publicProcedure.input(z.strictObject({ id: idSchema })).query(async ({ ctx, input }) => {
    const doc = await exportLotEpcis(ctx, input.id);
    if (!doc) throw new AppError('NOT_FOUND');
    return doc;
  }),
  /**
   * The company's own export of its lot, with its supply chain (decision 203), as a file: the public
   * exports above leave the supply chain out.
   */
  companyLot: companyProcedure('manage', 'Product')
    .input(z.strictObject({ id: idSchema }))
    .query(async ({ ctx, input }) => {
      const doc = await exportCompanyLotEpcis(ctx, ctx.companyId, input.id);
      return {
        filename: `lot-${input.id}.epcis.jsonld`,
        contentType: 'application/ld+json; charset=utf-8',
        text: JSON.stringify(doc),
      };
    }),
  importIntoLot: companyProcedure('manage', 'Product')
    .input(z.strictObject({ lotId: idSchema, document: z.unknown() }))
    .mutation(({ ctx, input }) =>
      importEpcisIntoLot(ctx, ctx.companyId, input.lotId, input.document, ctx.user),
    ),
});
