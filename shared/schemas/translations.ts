import { z } from 'zod';
import { TRANSLATION_LANGUAGES, type TranslationLanguage } from '#shared/i18n/languages.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type {
  CompanyTranslation,
  LotTranslation,
  ProductTranslation,
  StepTranslation,
  StepTranslations,
} from '#shared/translations.ts';
import { idSchema } from './common.ts';

/**
 * What a company sends of its content in another language (decision 210). Every field is bounded as its
 * Vietnamese field is (products.ts, lots.ts, auth.ts's company details), so a translation is never a way
 * to store more than the row itself. An empty field is allowed here and dropped when it is saved: an
 * editor sends its whole form.
 */

const t = vi.translations;

/** A translated line: optional, trimmed, as long as its Vietnamese field may be. */
const field = (max: number) => z.string().trim().max(max, vi.validation.tooLong(max)).optional();

/** A language as a path or an input names it: `en`, `zh-Hans`, or `zh` for zh-Hans. */
export const translationLanguageSchema = z
  .enum([...TRANSLATION_LANGUAGES, 'zh'], { error: t.invalidLanguage })
  .transform((lang): TranslationLanguage => (lang === 'zh' ? 'zh-Hans' : lang));

/** How many steps one row's translation may name: a timeline holds at most as many (products.ts). */
export const MAX_TRANSLATED_STEPS = 200;
export const MAX_TRANSLATED_TAGS = 30;

export const stepTranslationSchema = z.strictObject({
  activity: field(200),
  location: field(300),
  description: field(2000),
}) satisfies z.ZodType<StepTranslation>;

/**
 * Steps by their id. The count is checked before any entry is read, so a body of thousands of keys costs
 * one Object.keys, not thousands of parses.
 */
const stepsSchema = z
  .custom<Record<string, unknown>>(
    (v) =>
      typeof v === 'object' &&
      v !== null &&
      !Array.isArray(v) &&
      Object.keys(v).length <= MAX_TRANSLATED_STEPS,
    { error: t.tooManySteps(MAX_TRANSLATED_STEPS) },
  )
  .pipe(z.record(z.string().regex(/^[1-9]\d{0,9}$/, t.invalidStepId), stepTranslationSchema))
  .optional() satisfies z.ZodType<StepTranslations | undefined>;

export const productTranslationSchema = z.strictObject({
  name: field(200),
  origin: field(300),
  category: field(100),
  unit: field(50),
  shelf_life: field(100),
  tags: z
    .array(z.string().trim().max(50, vi.validation.tooLong(50)))
    .max(MAX_TRANSLATED_TAGS, t.tooManyTags(MAX_TRANSLATED_TAGS))
    .optional(),
  steps: stepsSchema,
}) satisfies z.ZodType<ProductTranslation>;

export const lotTranslationSchema = z.strictObject({
  unit: field(50),
  recallReason: field(1000),
  steps: stepsSchema,
}) satisfies z.ZodType<LotTranslation>;

export const companyTranslationSchema = z.strictObject({
  name: field(200),
  representative: field(200),
  address: field(500),
}) satisfies z.ZodType<CompanyTranslation>;

/** The languages a company publishes: each once, in any order (kept in TRANSLATION_LANGUAGES' order). */
export const publishedLanguagesSchema = z
  .array(translationLanguageSchema)
  .max(TRANSLATION_LANGUAGES.length, t.duplicateLanguage)
  .refine((langs) => new Set(langs).size === langs.length, t.duplicateLanguage);

const rowLanguage = { id: idSchema, lang: translationLanguageSchema };

export const translationKeyInput = z.strictObject(rowLanguage);
export const putProductTranslationInput = z.strictObject({
  ...rowLanguage,
  translation: productTranslationSchema,
});
export const putLotTranslationInput = z.strictObject({ ...rowLanguage, translation: lotTranslationSchema });
export const putCompanyTranslationInput = z.strictObject({
  ...rowLanguage,
  translation: companyTranslationSchema,
});
export const setLanguagesInput = z.strictObject({ id: idSchema, languages: publishedLanguagesSchema });

export type TranslationKeyInput = z.infer<typeof translationKeyInput>;
export type PutProductTranslationInput = z.infer<typeof putProductTranslationInput>;
export type PutLotTranslationInput = z.infer<typeof putLotTranslationInput>;
export type PutCompanyTranslationInput = z.infer<typeof putCompanyTranslationInput>;
export type SetLanguagesInput = z.infer<typeof setLanguagesInput>;
