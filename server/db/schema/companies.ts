import type { TranslationLanguage } from '#shared/i18n/languages.ts';
import type { CompanyTranslation, Translations } from '#shared/translations.ts';
import { defineTable } from './define.ts';

export const companies = defineTable(
  'companies',
  (c) => ({
    id: c.id(),
    name: c.text('name').notNull(),
    /** vietnameseSortKey(name) (shared/sort-key.ts, decision 085): the list's sort by name. */
    nameSort: c.text('name_sort').notNull().default(''),
    representative: c.text('representative').notNull().default(''),
    address: c.text('address').notNull().default(''),
    email: c.text('email').notNull().default(''),
    businessLicense: c.text('business_license').notNull().default(''),
    /** Vietnamese tax code (MST): 10 digits, or 10 digits + '-' + 3 digits for a branch. */
    taxCode: c.text('tax_code'),
    /** GS1 Global Location Number of the company: 13 digits, check digit verified. */
    gln: c.text('gln'),
    /**
     * Print GS1 Digital Link QR codes (PUBLIC_URL/01/{gtin}/10/{lot}) instead of PUBLIC_URL/redirect/{code};
     * both keep resolving forever.
     */
    digitalLinkQr: c.bool('digital_link_qr').notNull().default(false),
    /** The company's profile in other languages (decision 210). */
    translations: c.json<Translations<CompanyTranslation>>('translations').notNull().default({}),
    /**
     * The languages the company publishes its pages in besides Vietnamese (decision 210): a translation is
     * shown only once its language is here, so a company can prepare one before shoppers see it.
     */
    languages: c.json<TranslationLanguage[]>('languages').notNull().default([]),
    version: c.int('version').notNull().default(1),
    createdAt: c.createdAt(),
    updatedAt: c.updatedAt(),
  }),
  (t, i) => [
    i.index('companies_name_sort_idx').on(t.nameSort),
    // The Digital Link resolver finds a company by its GLN (/414/{gln}, /417/{gln}) for any visitor.
    i.index('companies_gln_idx').on(t.gln),
  ],
);

/** A company's own lists of categories, units and tags, offered in its product forms. */
export const TERM_KINDS = ['category', 'unit', 'tag'] as const;
export type TermKind = (typeof TERM_KINDS)[number];

export const companyTerms = defineTable(
  'company_terms',
  (c) => ({
    id: c.id(),
    companyId: c
      .int('company_id')
      .notNull()
      .references(() => c.of(companies).id, { onDelete: 'cascade' }),
    kind: c.text('kind', { enum: TERM_KINDS }).notNull(),
    value: c.text('value').notNull(),
    createdAt: c.createdAt(),
  }),
  (t, i) => [i.uniqueIndex('company_terms_unique').on(t.companyId, t.kind, t.value)],
);
