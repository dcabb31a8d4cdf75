import { z } from 'zod';
import { MAX_PAGE_SIZE, SCAN_LOG_MERGE_MAX, SCAN_LOG_PAGE_SIZE } from '#shared/constants.ts';
import { idSchema } from './common.ts';

export { SCAN_LOG_MERGE_MAX };

export const listScanLogsInput = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(SCAN_LOG_PAGE_SIZE),
});
/** `lotId`: the lot the scan named (a lot's code or Digital Link), kept with the entry. */
export const addScanLogInput = z.strictObject({ productId: idSchema, lotId: idSchema.nullable().optional() });
/** Newest first, as the client's local history keeps them; `lots`, the lot an entry's scan named. */
export const mergeScanLogsInput = z.strictObject({
  productIds: z.array(idSchema).max(SCAN_LOG_MERGE_MAX),
  lots: z
    .array(z.strictObject({ productId: idSchema, lotId: idSchema }))
    .max(SCAN_LOG_MERGE_MAX)
    .optional(),
});
