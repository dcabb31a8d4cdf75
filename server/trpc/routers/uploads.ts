import { uploadFileInput } from '../../../shared/schemas/uploads.ts';
import { storeUpload } from '../../services/uploads/store.ts';
import { protectedProcedure, router } from '../init.ts';

/** Images for products and avatars: any signed-in user (avatars), checked by their bytes. */
export const uploadsRouter = router({
  create: protectedProcedure
    .input(uploadFileInput)
    .mutation(({ ctx, input }) => storeUpload(ctx, ctx.user, input)),
});
