import { createShortLinks } from '#server/services/shortLinks/batch.ts';
import { bindShortLink } from '#server/services/shortLinks/bind.ts';
import { listShortLinks } from '#server/services/shortLinks/list.ts';
import { resolveShortLink } from '#server/services/shortLinks/resolve.ts';
import { companyProcedure, publicProcedure, router } from '#server/trpc/init.ts';
import {
  bindShortLinkInput,
  createShortLinksInput,
  listShortLinksInput,
  shortLinkCodeInput,
} from '#shared/schemas/shortLinks.ts';

/** QR codes printed in batches and bound to products later: managed like products. */
const manage = companyProcedure('manage', 'Product');

export const shortLinksRouter = router({
  create: manage
    .input(createShortLinksInput)
    .mutation(({ ctx, input }) => createShortLinks(ctx, ctx.companyId, ctx.user, input)),
  list: manage
    .input(listShortLinksInput)
    .query(({ ctx, input }) => listShortLinks(ctx, ctx.companyId, input)),
  bind: manage
    .input(bindShortLinkInput)
    .mutation(({ ctx, input }) => bindShortLink(ctx, ctx.companyId, ctx.user, input.code, input.productId)),
  resolve: publicProcedure
    .input(shortLinkCodeInput)
    .query(({ ctx, input }) => resolveShortLink(ctx, input.code)),
});
