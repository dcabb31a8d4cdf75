import { z } from 'zod';
import { PRODUCT_STATUSES } from '#shared/constants.ts';
import {
  IMPORT_COLUMN_SUFFIXES,
  TRANSLATION_LANGUAGES,
  type TranslationLanguage,
} from '#shared/i18n/languages.ts';
import type { PRODUCT_TRANSLATION_FIELDS } from '#shared/translations.ts';
import { idSchema } from './common.ts';
import { uploadFileInput } from './uploads.ts';

/** At most this many products per file (each with its timeline): one transaction stays short. */
export const IMPORT_MAX_PRODUCTS = 10_000;
/** Rows (timeline steps) per file: ten steps a product on average at the product limit. */
export const IMPORT_MAX_ROWS = 100_000;
/** The preview lists this many products; the counts cover the whole file. */
export const IMPORT_PREVIEW_MAX = 200;
/** Row errors answered at most; the count says how many there were. */
export const IMPORT_ERRORS_MAX = 500;

/** The product's fields a file may give in other languages (decision 210): a column per field and language. */
export const IMPORT_TRANSLATED_FIELDS = [
  'name',
  'origin',
  'category',
  'unit',
  'shelf_life',
] as const satisfies readonly (typeof PRODUCT_TRANSLATION_FIELDS)[number][];
type ImportSuffix = (typeof IMPORT_COLUMN_SUFFIXES)[TranslationLanguage] & ('en' | 'zh');
export type ImportTranslationColumn = `${(typeof IMPORT_TRANSLATED_FIELDS)[number]}_${ImportSuffix}`;

/** Each translation column (`name_en`, `name_zh`, ...), with the field and the language it fills. */
export const IMPORT_TRANSLATION_COLUMNS = IMPORT_TRANSLATED_FIELDS.flatMap((field) =>
  TRANSLATION_LANGUAGES.map((lang) => ({
    column: `${field}_${IMPORT_COLUMN_SUFFIXES[lang]}` as ImportTranslationColumn,
    field,
    lang,
  })),
);

/** The Vietnamese columns of an import file, in the template's order. */
const SOURCE_COLUMNS = [
  'key',
  'name',
  'status',
  'category',
  'unit',
  'tags',
  'origin',
  'qr_code',
  'activity',
  'location',
  'date',
  'description',
  // Thông tư 02/2024 items and the GS1 GTIN (decisions 125, 127): product-level, optional.
  'gtin',
  'brand',
  'standards',
  'shelf_life',
] as const;
export type ImportColumn = (typeof SOURCE_COLUMNS)[number] | ImportTranslationColumn;

/**
 * The columns of an import file, in the template's order (headers: vi.workspaceImport.columns): the
 * Vietnamese ones, then the optional translations.
 */
export const IMPORT_COLUMNS: readonly ImportColumn[] = [
  ...SOURCE_COLUMNS,
  ...IMPORT_TRANSLATION_COLUMNS.map((c) => c.column),
];

/**
 * POST /products/import: the file (CSV or XLSX, told apart by its bytes) and whether to only check
 * it (`dryRun`, the preview) or import it. SUPER_ADMIN names the company.
 */
export const productImportInput = uploadFileInput.extend({
  dryRun: z.boolean().default(false),
  companyId: idSchema.optional(),
});
export type ProductImportInput = z.infer<typeof productImportInput>;

/** GET /products/import/template.{csv|xlsx} */
export const IMPORT_TEMPLATE_FORMATS = ['csv', 'xlsx'] as const;
export type ImportTemplateFormat = (typeof IMPORT_TEMPLATE_FORMATS)[number];

export const importRowErrorSchema = z.object({
  /** The spreadsheet's row number (the header is row 1). */
  row: z.number(),
  /** The column's key (IMPORT_COLUMNS), or '' for the row as a whole. */
  field: z.string(),
  message: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importPreviewProductSchema = z.object({
  row: z.number(),
  name: z.string(),
  status: z.enum(PRODUCT_STATUSES),
  category: z.string().nullable(),
  unit: z.string().nullable(),
  tags: z.array(z.string()),
  origin: z.string().nullable(),
  qr_code: z.string().nullable(),
  trackings: z.array(
    z.object({ activity: z.string(), location: z.string(), date: z.string(), description: z.string() }),
  ),
});
export type ImportPreviewProduct = z.infer<typeof importPreviewProductSchema>;

export const productImportOutput = z.object({
  dryRun: z.boolean(),
  /** Products in the file (all of them, valid or not) and their timeline steps. */
  productCount: z.number(),
  stepCount: z.number(),
  /** The first IMPORT_PREVIEW_MAX products. */
  products: z.array(importPreviewProductSchema),
  errorCount: z.number(),
  errors: z.array(importRowErrorSchema),
  /** Products created: 0 on a dry run. */
  imported: z.number(),
});
export type ProductImportResult = z.infer<typeof productImportOutput>;
