import { z } from 'zod';
import { MAX_PAGE_SIZE } from '#shared/constants.ts';
import { TRANSLATION_LANGUAGES } from '#shared/i18n/languages.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { CompanyTranslation, Translations } from '#shared/translations.ts';
import { idSchema, sortOrderSchema } from './common.ts';

export const companyIdInput = z.strictObject({ id: idSchema });

export const COMPANY_SORT_FIELDS = ['name', 'createdAt', 'updatedAt'] as const;
export const COMPANY_PAGE_SIZE = 20;

/** GET /companies/all: paging and search are optional. */
export const companyListInput = z.strictObject({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(COMPANY_PAGE_SIZE),
  sortBy: z.enum(COMPANY_SORT_FIELDS).default('name'),
  orderBy: sortOrderSchema.default('asc'),
  /** Name or e-mail, ignoring case and Vietnamese marks. */
  search: z.string().trim().max(200, vi.validation.tooLong(200)).optional(),
});
export type CompanyListInput = z.infer<typeof companyListInput>;

export const publicCompanySchema = z.object({
  id: z.number(),
  name: z.string(),
  representative: z.string(),
  address: z.string(),
  email: z.string(),
  business_license: z.string(),
  tax_code: z.string().nullable(),
  gln: z.string().nullable(),
  digital_link_qr: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The profile in other languages and the languages published (decision 210), as stored. */
  translations: z.custom<Translations<CompanyTranslation>>((v) => typeof v === 'object' && v !== null),
  languages: z.array(z.enum(TRANSLATION_LANGUAGES)),
});
export const companyListOutput = z.object({ companies: z.array(publicCompanySchema), total: z.number() });

/**
 * A company's categories, units and tags. Lengths match the product fields they fill
 * (category 100, unit 50, tag 50); a list holds at most TERM_MAX_COUNT values.
 */
export const TERM_MAX_LENGTH = { category: 100, unit: 50, tag: 50 } as const;
export const TERM_MAX_COUNT = 200;

/** Trimmed, inner spaces collapsed, NFC (some keyboards send decomposed Vietnamese marks). */
const termValue = (max: number) =>
  z
    .string({ error: vi.validation.required })
    .transform((s) => s.normalize('NFC').replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, vi.validation.required).max(max, vi.companies.termTooLong(max)));
const termArray = (max: number) =>
  z
    .array(termValue(max))
    .min(1, vi.validation.required)
    .max(TERM_MAX_COUNT, vi.companies.tooManyTerms(TERM_MAX_COUNT));

/** SUPER_ADMIN names the company (400 without); a company role's own company is used whatever it sends. */
const companyChoice = { companyId: idSchema.optional() };

export const termListInput = z.strictObject(companyChoice);
export const categoriesInput = z.strictObject({
  categories: termArray(TERM_MAX_LENGTH.category),
  ...companyChoice,
});
export const unitsInput = z.strictObject({ units: termArray(TERM_MAX_LENGTH.unit), ...companyChoice });
export const tagsInput = z.strictObject({ tags: termArray(TERM_MAX_LENGTH.tag), ...companyChoice });
