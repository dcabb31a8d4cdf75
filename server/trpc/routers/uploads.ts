import { storeUpload } from '#server/services/uploads/store.ts';
import { protectedProcedure, router } from '#server/trpc/init.ts';
import { uploadFileInput } from '#shared/schemas/uploads.ts';

/** Images for products and avatars: any signed-in user (avatars), checked by their bytes. */
export const uploadsRouter = router({
  create: protectedProcedure
    .input(uploadFileInput)
    .mutation(({ ctx, input }) => storeUpload(ctx, ctx.user, input)),
});
