import { z } from 'zod';
import {
  createSections,
  deleteSections,
  listSections,
  updateSections,
} from '#server/services/documents/sections.ts';
import { can, publicProcedure, router } from '#server/trpc/init.ts';
import {
  createDocumentsInput,
  deleteDocumentsInput,
  documentListInput,
  documentSectionSchema,
  updateDocumentsInput,
} from '#shared/schemas/documents.ts';

const sections = z.array(documentSectionSchema);
/** Site content is edited by SUPER_ADMIN and MODERATOR. */
const editContent = can('manage', 'Admin');

export const documentsRouter = router({
  list: publicProcedure
    .input(documentListInput)
    .output(sections)
    .query(({ ctx, input }) => listSections(ctx, input.key)),
  create: editContent
    .input(createDocumentsInput)
    .output(sections)
    .mutation(({ ctx, input }) => createSections(ctx, input.items)),
  update: editContent
    .input(updateDocumentsInput)
    .output(sections)
    .mutation(({ ctx, input }) => updateSections(ctx, input.items)),
  delete: editContent
    .input(deleteDocumentsInput)
    .mutation(({ ctx, input }) => deleteSections(ctx, input.ids)),
});
