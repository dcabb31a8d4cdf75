import { z } from 'zod';
import { USER_STATUSES } from '#shared/constants.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { ROLES } from '#shared/permissions.ts';
import { emailSchema, passwordSchema, phoneSchema, text, uploadUrlSchema, usernameSchema } from './common.ts';
import { glnSchema, taxCodeSchema } from './gs1.ts';

export const companyDetailsSchema = z.strictObject({
  name: text(200),
  representative: text(200),
  address: text(500),
  email: emailSchema,
  business_license: text(100),
});

export const registerInput = z
  .strictObject({
    name: text(100),
    email: emailSchema,
    password: passwordSchema,
    isBusiness: z.boolean(),
    company: companyDetailsSchema.optional(),
  })
  .refine((b) => !b.isBusiness || b.company !== undefined, {
    path: ['company'],
    message: vi.validation.required,
  });

export const emailOnlyInput = z.strictObject({ email: emailSchema });
export const verifyEmailInput = z.strictObject({
  email: emailSchema,
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, vi.validation.code6),
});
export const loginInput = z.strictObject({
  email: emailSchema,
  password: z.string({ error: vi.validation.required }).min(1, vi.validation.required).max(1024),
});
export const resetTokenInput = z.strictObject({ token: z.string().min(10).max(200) });
export const resetPasswordInput = z.strictObject({
  token: z.string().min(10).max(200),
  password: passwordSchema,
});
export const verifyOldPasswordInput = z.strictObject({
  password: z.string({ error: vi.validation.required }).min(1, vi.validation.required).max(1024),
});
export const changePasswordInput = z
  .strictObject({
    oldPassword: z.string({ error: vi.validation.required }).min(1, vi.validation.required).max(1024),
    newPassword: passwordSchema,
  })
  .refine((b) => b.oldPassword !== b.newPassword, {
    path: ['newPassword'],
    message: vi.validation.sameAsOld,
  });

export const updateMeInput = z.strictObject({
  name: text(100).optional(),
  phoneNumber: phoneSchema.optional(),
  username: usernameSchema.optional(),
  avatar: uploadUrlSchema.nullable().optional(),
});

/** The profile's fields, and the identifiers GS1 and the tax office give a company (decision 125): empty clears them. */
export const updateCompanyInput = companyDetailsSchema.partial().extend({
  tax_code: taxCodeSchema.nullable().optional(),
  gln: glnSchema.nullable().optional(),
  /** Print GS1 Digital Link QR codes (decision 131). */
  digital_link_qr: z.boolean({ error: vi.gs1.digitalLinkQrChoice }).optional(),
});

/** What the API ever says about a user: never a hash, never a token version. */
export const publicUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  avatar: z.string().nullable(),
  companyId: z.number().nullable(),
  phoneNumber: z.string().nullable(),
  username: z.string().nullable(),
  invited: z.boolean(),
  deletedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export type RegisterInput = z.infer<typeof registerInput>;
