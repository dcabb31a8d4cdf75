import {
  bindShortLinkInput,
  createShortLinksInput,
  listShortLinksInput,
  shortLinkCodeInput,
} from '../../../shared/schemas/shortLinks.ts';
import { createShortLinks } from '../../services/shortLinks/batch.ts';
import { bindShortLink } from '../../services/shortLinks/bind.ts';
import { listShortLinks } from '../../services/shortLinks/list.ts';
import { resolveShortLink } from '../../services/shortLinks/resolve.ts';
import { companyProcedure, publicProcedure, router } from '../init.ts';

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
