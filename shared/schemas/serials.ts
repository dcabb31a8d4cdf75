import { z } from 'zod';
import { serials as serialMessages } from '#shared/i18n/vi/serials.ts';
import { MAX_BATCH_COUNT, type SERIAL_BATCH_STATUSES, SERIAL_VERDICTS } from '#shared/serials.ts';
import { idSchema } from './common.ts';

const m = serialMessages;
/**
 * Worded when a count is refused, not when the module loads: the first vi-VN number format loads ICU's
 * locale data, a cost the release's start-up (tests/release) should not pay for a message.
 */
const countMessage = { error: () => m.countRange(MAX_BATCH_COUNT.toLocaleString('vi-VN')) };

/** POST /serials/batches: a batch of `count` codes for a product of the caller's company (issue 32). */
export const createSerialBatchInput = z.strictObject({
  productId: idSchema,
  lotId: idSchema.nullish(),
  count: z.coerce
    .number(countMessage)
    .int(countMessage)
    .min(1, countMessage)
    .max(MAX_BATCH_COUNT, countMessage),
  /** Each item gets a scratch-off PIN, derived from the batch's key (decision 204). */
  withPin: z.boolean().default(false),
});
export type CreateSerialBatchInput = z.infer<typeof createSerialBatchInput>;

const seqSchema = z.coerce.number().int().min(1, m.seqRange).max(MAX_BATCH_COUNT, m.seqRange);

/** A range of a batch's items, fromSeq..toSeq: both or neither, in order. */
function withSeqRange<T extends z.ZodType<{ fromSeq?: number; toSeq?: number }>>(schema: T) {
  return schema
    .refine((v) => (v.fromSeq === undefined) === (v.toSeq === undefined), {
      message: m.seqPair,
      path: ['toSeq'],
    })
    .refine((v) => v.fromSeq === undefined || v.toSeq === undefined || v.fromSeq <= v.toSeq, {
      message: m.seqRange,
      path: ['toSeq'],
    });
}

/** POST /serials/batches/{id}/void: the whole batch, or the items fromSeq..toSeq (both or neither). */
export const voidSerialsInput = withSeqRange(
  z.strictObject({ batchId: idSchema, fromSeq: seqSchema.optional(), toSeq: seqSchema.optional() }),
);
export type VoidSerialsInput = z.infer<typeof voidSerialsInput>;

export const serialBatchIdInput = z.strictObject({ id: idSchema });

/**
 * GET /serials/batches/{id}/export.csv[?fromSeq=&toSeq=]: the whole batch, or the items fromSeq..toSeq (the
 * print sheet's range, read from its first item rather than from the batch's).
 */
export const serialCsvInput = withSeqRange(
  z.strictObject({ id: idSchema, fromSeq: seqSchema.optional(), toSeq: seqSchema.optional() }),
);
export type SerialCsvInput = z.infer<typeof serialCsvInput>;

export const serialBatchListInput = z.strictObject({
  productId: idSchema.optional(),
  /** The last id of the page before (the list is newest first). */
  cursor: idSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type SerialBatchListInput = z.infer<typeof serialBatchListInput>;

export interface SerialVoidRange {
  fromSeq: number;
  toSeq: number;
  createdAt: string;
}

/** A batch as the workspace shows it: `generated` of `count` while GENERATING. */
export interface SerialBatchView {
  id: number;
  companyId: number;
  productId: number;
  productName: string;
  gtin: string | null;
  lotId: number | null;
  lotCode: string | null;
  count: number;
  withPin: boolean;
  status: (typeof SERIAL_BATCH_STATUSES)[number];
  generated: number;
  failure: string | null;
  voidedAt: string | null;
  voids: SerialVoidRange[];
  createdAt: string;
  finishedAt: string | null;
}

export interface SerialBatchList {
  items: SerialBatchView[];
  nextCursor: number | null;
}

/** GET /api/serials/{serial}: the verdict, as the public page says it (issue 32). */
export const serialVerdictAnswer = z.object({
  verdict: z.enum(SERIAL_VERDICTS),
  /** ISO time of the first counted open; null before it. */
  firstVerifiedAt: z.string().nullable(),
  firstProvince: z.string().nullable(),
  /** The first province came from the network, not the phone's location. */
  firstProvinceApproximate: z.boolean(),
  /** Counted opens so far. */
  count: z.number().int(),
  /** ISO time the PIN first verified, when the batch has PINs and it did. */
  activatedAt: z.string().nullable().optional(),
});
export type SerialVerdictAnswer = z.infer<typeof serialVerdictAnswer>;
