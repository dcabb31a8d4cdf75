import { z } from 'zod';

/**
 * Inputs of a serialized code's public answers and the company's views of them (issue 32, decisions
 * 206-208). Every text bounded before work.
 */

/** A serial as an address carries it: bounded, then judged (a text of the wrong shape is NOT_ISSUED, not a 400). */
export const serialText = z.string().trim().min(1).max(64);
export const serialInput = z.strictObject({ serial: serialText });

/** A random first-party cookie's value: what tells one browser's opens apart (stored only hashed). */
export const browserIdText = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Mã trình duyệt không hợp lệ');

/**
 * An open. `lat`/`lon` only when the visitor pressed "Dùng vị trí của tôi": mapped to the nearest province
 * centre at once and never stored (decision 207).
 */
export const serialOpenInput = z.strictObject({
  serial: serialText,
  browserId: browserIdText,
  /** The browser's member mark (decision 209), when it holds one: a company member's open is not counted. */
  memberMark: z.string().max(1024).optional(),
  lat: z.number().min(-90).max(90).optional(),
  lon: z.number().min(-180).max(180).optional(),
});

export const serialPinInput = z.strictObject({
  serial: serialText,
  pin: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Mã PIN gồm 6 chữ số'),
});

export const fakeReportInput = z.strictObject({
  serial: serialText,
  shopName: z.string().trim().min(1, 'Vui lòng nhập tên cửa hàng').max(200),
  note: z.string().trim().max(1000).default(''),
  productId: z.coerce.number().int().positive().optional(),
  photo: z.custom<Uint8Array>((v) => v instanceof Uint8Array, { message: 'Tệp không hợp lệ' }).optional(),
  lat: z.coerce.number().min(-90).max(90).optional(),
  lon: z.coerce.number().min(-180).max(180).optional(),
});

export const suspectsInput = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

export const listReportsInput = z.strictObject({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const suspectThresholdInput = z.strictObject({
  threshold: z.coerce.number().int().min(1).max(1_000_000),
});
