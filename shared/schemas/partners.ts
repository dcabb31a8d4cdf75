import { z } from 'zod';
import { DEFAULT_COUNTRY, isCountryCode } from '#shared/countries.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { PARTNER_KINDS } from '#shared/supply-chain.ts';
import { emailSchema, idSchema, optionalText, pageSchema, phoneSchema, text } from './common.ts';
import { glnSchema, taxCodeSchema } from './gs1.ts';

const m = vi.supplyChain.partners;

/** ISO 3166-1 alpha-2, upper-cased; empty means Vietnam. */
export const countrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .transform((v) => v || DEFAULT_COUNTRY)
  .refine(isCountryCode, m.invalidCountry);

const partnerFields = {
  name: text(200),
  kind: z.enum(PARTNER_KINDS, { error: m.kindRequired }),
  taxCode: taxCodeSchema.nullable().optional(),
  gln: glnSchema.nullable().optional(),
  phone: phoneSchema.optional(),
  email: z.union([z.literal(''), emailSchema]).optional(),
  address: optionalText(500),
  province: optionalText(100),
  country: countrySchema.optional(),
  publicName: z.boolean().optional(),
};

/** POST /partners. SUPER_ADMIN names the company; a company's staff add to their own. */
export const createPartnerInput = z.strictObject({ companyId: idSchema.optional(), ...partnerFields });

/** PUT /partners/{id}: fields left out keep their value; `version` is the one the form read (stale: 409). */
export const updatePartnerInput = z.strictObject({
  id: idSchema,
  version: z.number().int().min(1).optional(),
  ...partnerFields,
  name: text(200).optional(),
  kind: partnerFields.kind.optional(),
});

export const partnerIdInput = z.strictObject({ id: idSchema });

/** GET /partners: by name or tax code, by what they can be (a supplier: SUPPLIER or BOTH), paged. */
export const partnerListInput = pageSchema(20, 100).extend({
  q: z.string().trim().max(200).optional(),
  kind: z.enum(['SUPPLIER', 'CUSTOMER']).optional(),
  companyId: idSchema.optional(),
});

export type CreatePartnerInput = z.infer<typeof createPartnerInput>;
export type UpdatePartnerInput = z.infer<typeof updatePartnerInput>;
export type PartnerListInput = z.infer<typeof partnerListInput>;
