import { z } from 'zod';
import { DOCUMENT_KEYS } from '#shared/constants.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { idSchema, optionalText, text } from './common.ts';

export const documentKeySchema = z.enum(DOCUMENT_KEYS);
export const BODY_MAX = 100_000;
const MAX_ITEMS = 50;

export const documentListInput = z.strictObject({ key: documentKeySchema });

/** Title and subtitle are plain text (shown as text, never as HTML); the body is rich text, cleaned on save. */
const body = z.string().max(BODY_MAX, vi.validation.tooLong(BODY_MAX));
const items = <T extends z.ZodType>(item: T) =>
  z.array(item).min(1, vi.validation.required).max(MAX_ITEMS, vi.validation.tooLong(MAX_ITEMS));

/** POST: new sections, appended after the key's existing ones in the given order. */
export const createDocumentsInput = z.strictObject({
  items: items(
    z.strictObject({
      key: documentKeySchema,
      title: text(200),
      subtitle: optionalText(300).default(''),
      body: body.default(''),
    }),
  ),
});

/** PATCH: only the given fields change; `version` (the one the editor read) guards against lost updates. */
export const updateDocumentsInput = z.strictObject({
  items: items(
    z.strictObject({
      id: idSchema,
      title: text(200).optional(),
      subtitle: optionalText(300),
      body: body.optional(),
      position: z.number().int().min(0).max(100_000).optional(),
      version: z.number().int().min(1).optional(),
    }),
  ),
});
export type DocumentPatch = z.infer<typeof updateDocumentsInput>['items'][number];
export type NewDocumentSection = z.infer<typeof createDocumentsInput>['items'][number];

export const deleteDocumentsInput = z.strictObject({
  ids: z.array(idSchema).min(1, vi.validation.required).max(100),
});

export const documentSectionSchema = z.object({
  id: z.number(),
  key: documentKeySchema,
  title: z.string(),
  subtitle: z.string(),
  body: z.string(),
  position: z.number(),
  version: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DocumentSection = z.infer<typeof documentSectionSchema>;
