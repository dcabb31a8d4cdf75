import { z } from 'zod';
import { MAX_PAGE_SIZE } from '#shared/constants.ts';
import { idSchema } from './common.ts';
import { qrCodeSchema } from './products.ts';

export const SHORT_LINK_BATCH_MAX = 500;
export const SHORT_LINK_PAGE_SIZE = 20;

/** POST /shortLinks: a batch of unbound codes, or codes bound to one product of the company. */
export const createShortLinksInput = z.strictObject({
  count: z.number().int().min(1).max(SHORT_LINK_BATCH_MAX).default(1),
  productId: idSchema.optional(),
  /** SUPER_ADMIN only, when no productId names the company. */
  companyId: idSchema.optional(),
});

/** `?bound=true|false` arrives as text; anything else is a 400. */
const boolText = z.enum(['true', 'false']).transform((v) => v === 'true');

export const listShortLinksInput = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(SHORT_LINK_PAGE_SIZE),
  bound: z.union([z.boolean(), boolText]).optional(),
  /** SUPER_ADMIN: one company; a company role may only name its own. */
  companyId: idSchema.optional(),
});

export const shortLinkCodeInput = z.strictObject({ code: qrCodeSchema });
export const bindShortLinkInput = z.strictObject({ code: qrCodeSchema, productId: idSchema });

export type CreateShortLinksInput = z.infer<typeof createShortLinksInput>;
export type ListShortLinksInput = z.infer<typeof listShortLinksInput>;
