import {
  createPartner,
  deletePartner,
  getPartner,
  listPartners,
  updatePartner,
} from '#server/services/supply-chain/partners.ts';
import { companyProcedure, router } from '#server/trpc/init.ts';
import {
  createPartnerInput,
  partnerIdInput,
  partnerListInput,
  updatePartnerInput,
} from '#shared/schemas/partners.ts';

/** Suppliers and customers are the company's product data: whoever manages its products manages them. */
const manage = companyProcedure('manage', 'Product');

export const partnersRouter = router({
  list: manage.input(partnerListInput).query(({ ctx, input }) => listPartners(ctx, ctx.companyId, input)),
  get: manage.input(partnerIdInput).query(({ ctx, input }) => getPartner(ctx, ctx.companyId, input.id)),
  create: manage
    .input(createPartnerInput)
    .mutation(({ ctx, input }) => createPartner(ctx, ctx.companyId, input)),
  update: manage
    .input(updatePartnerInput)
    .mutation(({ ctx, input }) => updatePartner(ctx, ctx.companyId, input)),
  delete: manage
    .input(partnerIdInput)
    .mutation(({ ctx, input }) => deletePartner(ctx, ctx.companyId, input.id)),
});
