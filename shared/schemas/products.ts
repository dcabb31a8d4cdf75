import { z } from 'zod';
import { MAX_PAGE_SIZE, PRODUCT_PAGE_SIZE, PRODUCT_STATUSES, QR_CODE_PATTERN } from '#shared/constants.ts';
import { hasValidCheckDigit } from '#shared/gs1/identifiers.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { idSchema, optionalText, sortOrderSchema, text, uploadUrlSchema } from './common.ts';
import { gtinSchema, lotCodeSchema } from './gs1.ts';

const p = vi.products;

/**
 * What a QR code looks like (QR_CODE_PATTERN): generated codes are 12 lower-case characters, and a
 * company may type its own printed code. Codes are case-insensitive (people type what they read on a
 * print): every code that comes in is folded to lower case here, and stored folded (decision 084).
 */
export const qrCodeSchema = z.string().trim().regex(QR_CODE_PATTERN, p.invalidQrCode).toLowerCase();

/** A calendar date (2024-05-01) or an ISO date-time, as the company entered it. */
export const trackingDateSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?)?$/, p.invalidDate)
  .refine((v) => !Number.isNaN(Date.parse(v)), p.invalidDate);

export const trackingInput = z.strictObject({
  activity: text(200),
  location: optionalText(300),
  date: trackingDateSchema,
  description: optionalText(2000),
});

export const PRODUCT_SORT_FIELDS = ['name', 'createdAt', 'updatedAt', 'status', 'category'] as const;

export const productListInput = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PRODUCT_PAGE_SIZE),
  sortBy: z.enum(PRODUCT_SORT_FIELDS).default('name'),
  orderBy: sortOrderSchema.default('asc'),
  search: z.string().trim().max(200).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  category: z.string().trim().max(100).optional(),
  /** SUPER_ADMIN: one company; a company role may only name its own. */
  companyId: idSchema.optional(),
});

/** The fields of one save: images, tags and the whole timeline go in together. */
const productFields = {
  name: text(200),
  image: uploadUrlSchema.nullable().optional(),
  images: z.array(uploadUrlSchema).max(20).optional(),
  status: z.enum(PRODUCT_STATUSES).optional(),
  category: optionalText(100),
  unit: optionalText(50),
  qr_code: qrCodeSchema.optional(),
  tags: z.array(text(50)).max(30).optional(),
  origin: optionalText(300),
  /** GS1 GTIN-8/12/13/14, stored as 14 digits; empty or null clears it (decision 125). */
  gtin: gtinSchema.nullable().optional(),
  /** Thông tư 02/2024/TT-BKHCN items (decision 127). */
  brand: optionalText(200),
  standards: optionalText(500),
  shelf_life: optionalText(100),
  trackings: z.array(trackingInput).max(200).optional(),
};

/** POST /products. `companyId` is required from a SUPER_ADMIN; a company role may only name its own. */
export const createProductInput = z.strictObject({ ...productFields, companyId: idSchema.optional() });

/**
 * PUT /products/{id}. Fields left out keep their value (the timeline too); `version` is the one the
 * editor read: a stale one is refused with 409 instead of overwriting someone else's save.
 */
export const updateProductInput = z.strictObject({
  id: idSchema,
  ...productFields,
  version: z.number().int().min(1).optional(),
});

export const productIdInput = z.strictObject({ id: idSchema });

export const checkQrCodeInput = z.strictObject({
  qr_code: qrCodeSchema,
  id: idSchema.optional(),
  /** SUPER_ADMIN only: the company the code would be used in (otherwise the product's, or the caller's). */
  companyId: idSchema.optional(),
});

export const qrCodeLookupInput = z.strictObject({ code: qrCodeSchema });

/**
 * What a scanned text names (shared/scanned-text.ts reads it on the phone): products.resolveScan's input.
 * A GTIN here is already the 14 digits a Digital Link carries.
 */
export const resolveScanInput = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('code'), code: qrCodeSchema }),
  z.strictObject({
    kind: z.literal('gtin'),
    gtin: z
      .string()
      .regex(/^\d{14}$/, vi.lots.gtinLength)
      .refine(hasValidCheckDigit, vi.lots.gtinCheckDigit),
    lot: lotCodeSchema.nullable(),
  }),
  z.strictObject({ kind: z.literal('product'), id: idSchema }),
  z.strictObject({ kind: z.literal('lot'), id: idSchema }),
]);

export type ProductListInput = z.infer<typeof productListInput>;
export type CreateProductInput = z.infer<typeof createProductInput>;
export type UpdateProductInput = z.infer<typeof updateProductInput>;
export type TrackingInput = z.infer<typeof trackingInput>;
