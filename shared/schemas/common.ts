import { z } from 'zod';
import { ID_MAX, PASSWORD_MAX, PASSWORD_MIN } from '#shared/constants.ts';
import { vi } from '#shared/i18n/vi/index.ts';

// Zod's own messages (wrong type, too small...) in Vietnamese wherever a schema gives none.
z.config(z.locales.vi());

const v = vi.validation;

/**
 * Ids are positive integers everywhere; REST paths and query strings give them as text. At most ID_MAX
 * (decision 166): a larger one is refused as bad input rather than reaching the database.
 */
export { ID_MAX };
export const idSchema = z.coerce.number().int().positive().max(ID_MAX);

export const emailSchema = z
  .string({ error: v.required })
  .trim()
  .toLowerCase()
  .min(1, v.required)
  .max(254, v.tooLong(254))
  .pipe(z.email({ error: v.email }));

export const passwordSchema = z
  .string({ error: v.required })
  .min(PASSWORD_MIN, v.passwordMin(PASSWORD_MIN))
  .max(PASSWORD_MAX, v.passwordMax(PASSWORD_MAX));

/** A required, trimmed, bounded line of text. */
export const text = (max = 200) =>
  z.string({ error: v.required }).trim().min(1, v.required).max(max, v.tooLong(max));
/** An optional line of text; empty strings are kept as empty (clearing a field). */
export const optionalText = (max = 200) => z.string().trim().max(max, v.tooLong(max)).optional();

export const phoneSchema = z
  .string()
  .trim()
  .regex(/^(\+?\d[\d\s.-]{6,18}\d)?$/, v.phone);
export const usernameSchema = z
  .string()
  .trim()
  .regex(/^([a-zA-Z0-9._-]{3,32})?$/, v.username);

/** `?page=2&limit=10` style paging, coerced from query strings. */
export const pageSchema = (defaultLimit: number, max = 100) =>
  z.strictObject({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(max).default(defaultLimit),
  });

export const sortOrderSchema = z.enum(['asc', 'desc']);

/**
 * A file this server stored (`/uploads/<server-made name>`): images and avatars can point nowhere
 * else, so no `javascript:` URL or foreign tracker ever reaches a page.
 */
export const uploadUrlSchema = z
  .string()
  .regex(/^\/uploads\/[A-Za-z0-9_-]+\.(jpg|jpeg|png|gif)$/, 'Ảnh không hợp lệ');
