import { z } from 'zod';
import { vi } from '#shared/i18n/vi/index.ts';
import { idSchema, optionalText, text } from './common.ts';
import { bizStepSchema, glnSchema, lotCodeSchema } from './gs1.ts';
import { trackingDateSchema } from './products.ts';
import { uploadFileInput } from './uploads.ts';

const l = vi.lots;

export const EXPIRY_KINDS = ['EXPIRY', 'BEST_BEFORE'] as const;
export type ExpiryKind = (typeof EXPIRY_KINDS)[number];

/** A real calendar day, YYYY-MM-DD (2024-02-30 is refused). */
export const daySchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, l.invalidDay)
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
  }, l.invalidDay);

/** An optional day: empty text clears it (null). */
const optionalDay = z
  .union([z.literal('').transform(() => null), daySchema])
  .nullable()
  .optional();

/**
 * One step of a lot's own timeline (shown after the product's shared steps). `id`: a step the lot already
 * has, sent back by the editor so that the step keeps what the form does not show (decision 193).
 */
export const lotEventInput = z.strictObject({
  id: idSchema.optional(),
  activity: text(200),
  location: optionalText(300),
  date: trackingDateSchema,
  description: optionalText(2000),
  bizStep: bizStepSchema.nullable().optional(),
  gln: glnSchema.nullable().optional(),
});
export type LotEventInput = z.infer<typeof lotEventInput>;

const lotFields = {
  code: lotCodeSchema,
  productionDate: optionalDay,
  expiryDate: optionalDay,
  expiryKind: z.enum(EXPIRY_KINDS).optional(),
  quantity: z.number().min(0, l.import.badQuantity).max(1e12).nullable().optional(),
  unit: optionalText(50),
  events: z.array(lotEventInput).max(200).optional(),
};

const datesInOrder = (v: { productionDate?: string | null; expiryDate?: string | null }) =>
  !v.productionDate || !v.expiryDate || v.expiryDate >= v.productionDate;
const datesIssue = { message: l.expiryBeforeProduction, path: ['expiryDate'] };

export const createLotInput = z
  .strictObject({ productId: idSchema, ...lotFields })
  .refine(datesInOrder, datesIssue);

/** Fields left out keep their value; `version` is the one the editor read (stale: 409). */
export const updateLotInput = z
  .strictObject({
    id: idSchema,
    ...lotFields,
    code: lotCodeSchema.optional(),
    version: z.number().int().min(1).optional(),
  })
  .refine(datesInOrder, datesIssue);

export const lotIdInput = z.strictObject({ id: idSchema });
export const lotListInput = z.strictObject({ productId: idSchema });

export const recallLotInput = z.strictObject({
  id: idSchema,
  reason: z
    .string({ error: l.recallReasonRequired })
    .trim()
    .min(1, l.recallReasonRequired)
    .max(1000, vi.validation.tooLong(1000)),
  version: z.number().int().min(1).optional(),
});

export const liftRecallInput = z.strictObject({ id: idSchema, version: z.number().int().min(1).optional() });

export const datasetStatusInput = z.strictObject({ productIds: z.array(idSchema).max(100) });

export type CreateLotInput = z.infer<typeof createLotInput>;
export type UpdateLotInput = z.infer<typeof updateLotInput>;

/** POST /products/{productId}/lots/import: a CSV or XLSX file of the product's lots (decision 128). */
export const lotImportInput = uploadFileInput.extend({
  productId: idSchema,
  dryRun: z.boolean().default(false),
});
export type LotImportInput = z.infer<typeof lotImportInput>;

/** The columns of a lots file, in the template's order. */
export const LOT_IMPORT_COLUMNS = [
  'code',
  'production_date',
  'expiry_date',
  'expiry_kind',
  'quantity',
  'unit',
] as const;
export const LOT_IMPORT_MAX_ROWS = 5_000;
