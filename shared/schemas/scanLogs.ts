import { z } from 'zod';
import { MAX_PAGE_SIZE, SCAN_LOG_MERGE_MAX, SCAN_LOG_PAGE_SIZE } from '#shared/constants.ts';
import { idSchema } from './common.ts';

export { SCAN_LOG_MERGE_MAX };

export const listScanLogsInput = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(SCAN_LOG_PAGE_SIZE),
});
export const addScanLogInput = z.strictObject({ productId: idSchema });
/** Newest first, as the client's local history keeps them. */
export const mergeScanLogsInput = z.strictObject({ productIds: z.array(idSchema).max(SCAN_LOG_MERGE_MAX) });
