import { z } from 'zod';
import { vi } from '#shared/i18n/vi/index.ts';
import { parseQuantity, quantityText } from '#shared/quantity.ts';
import { DOCUMENT_TYPES } from '#shared/supply-chain.ts';
import { UNIT_CODES } from '#shared/units.ts';
import { idSchema, optionalText } from './common.ts';
import { daySchema } from './lots.ts';
import { uploadFileInput } from './uploads.ts';

const m = vi.supplyChain;

/** A decimal quantity, as a number or text ("1200,5"), answered as canonical text (decision 201). */
export const quantitySchema = z
  .union([z.string(), z.number()], { error: m.quantity.format })
  .transform((v, ctx) => {
    const parsed = parseQuantity(v);
    if ('problem' in parsed) {
      ctx.addIssue({ code: 'custom', message: m.quantity[parsed.problem] });
      return z.NEVER;
    }
    return quantityText(parsed.micro);
  });

/** A UN/CEFACT Rec 20 code of the curated list (shared/units.ts). */
export const unitCodeSchema = z
  .string({ error: m.units.invalid })
  .trim()
  .toUpperCase()
  .refine((v) => UNIT_CODES.includes(v), m.units.invalid);

/** The reference document: its type and number, both or neither (a number alone is refused). */
const documentFields = {
  documentType: z.enum(DOCUMENT_TYPES).nullable().optional(),
  documentNumber: optionalText(100),
};
const documentComplete = (v: { documentType?: string | null; documentNumber?: string }) =>
  !v.documentNumber || !!v.documentType;
const documentIssue = { message: m.documents.numberWithoutType, path: ['documentType'] };

const movementFields = {
  lotId: idSchema,
  partnerId: idSchema,
  quantity: quantitySchema,
  unit: unitCodeSchema,
  date: daySchema,
  ...documentFields,
};

/** POST /lots/{id}/receipts: one step back. */
export const createReceiptInput = z
  .strictObject({ ...movementFields, supplierLotCode: optionalText(50) })
  .refine(documentComplete, documentIssue);

/** POST /lots/{id}/shipments: one step forward. */
export const createShipmentInput = z.strictObject(movementFields).refine(documentComplete, documentIssue);

export const movementIdInput = z.strictObject({ id: idSchema });
export const lotRefInput = z.strictObject({ lotId: idSchema });

/** POST /lots/{id}/inputs: the lots this lot was made from, with how much of each. */
export const addInputsInput = z.strictObject({
  lotId: idSchema,
  inputs: z
    .array(z.strictObject({ lotId: idSchema, quantity: quantitySchema, unit: unitCodeSchema }))
    .min(1, vi.validation.required)
    .max(100),
});

export const removeInputInput = z.strictObject({ lotId: idSchema, inputLotId: idSchema });

export const TRACE_DIRECTIONS = ['backward', 'forward'] as const;
export const traceInput = z.strictObject({
  lotId: idSchema,
  direction: z.enum(TRACE_DIRECTIONS).default('backward'),
});

/** A lot to pick as an input of `lotId`: by its code or its product's name, within that lot's company. */
export const lotSearchInput = z.strictObject({
  lotId: idSchema,
  q: z.string().trim().max(100).default(''),
});

export const holdLotInput = z.strictObject({
  id: idSchema,
  reason: z
    .string({ error: m.hold.reasonRequired })
    .trim()
    .min(1, m.hold.reasonRequired)
    .max(1000, vi.validation.tooLong(1000)),
  version: z.number().int().min(1).optional(),
});
export const releaseHoldInput = z.strictObject({ id: idSchema, version: z.number().int().min(1).optional() });

/** POST /receipts/import and /shipments/import: a CSV or XLSX file, all rows or none. */
export const movementImportInput = uploadFileInput.extend({
  dryRun: z.boolean().default(false),
  companyId: idSchema.optional(),
});

export const MOVEMENT_IMPORT_COLUMNS = [
  'lot',
  'product',
  'partner',
  'supplier_lot',
  'quantity',
  'unit',
  'date',
  'document_type',
  'document_number',
] as const;
export const MOVEMENT_IMPORT_MAX_ROWS = 5_000;

export type CreateReceiptInput = z.infer<typeof createReceiptInput>;
export type CreateShipmentInput = z.infer<typeof createShipmentInput>;
export type AddInputsInput = z.infer<typeof addInputsInput>;
export type MovementImportInput = z.infer<typeof movementImportInput>;
