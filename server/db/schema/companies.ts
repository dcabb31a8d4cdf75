import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt } from './columns.ts';

export const companies = sqliteTable(
  'companies',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    /** vietnameseSortKey(name) (shared/sort-key.ts, decision 085): the list's sort by name. */
    nameSort: text('name_sort').notNull().default(''),
    representative: text('representative').notNull().default(''),
    address: text('address').notNull().default(''),
    email: text('email').notNull().default(''),
    businessLicense: text('business_license').notNull().default(''),
    /** Vietnamese tax code (MST): 10 digits, or 10 digits + '-' + 3 digits for a branch. */
    taxCode: text('tax_code'),
    /** GS1 Global Location Number of the company: 13 digits, check digit verified. */
    gln: text('gln'),
    /**
     * Print GS1 Digital Link QR codes (PUBLIC_URL/01/{gtin}/10/{lot}) instead of PUBLIC_URL/redirect/{code};
     * both keep resolving forever.
     */
    digitalLinkQr: integer('digital_link_qr', { mode: 'boolean' }).notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('companies_name_sort_idx').on(t.nameSort),
    // The Digital Link resolver finds a company by its GLN (/414/{gln}, /417/{gln}) for any visitor.
    index('companies_gln_idx').on(t.gln),
  ],
);

/** A company's own lists of categories, units and tags, offered in its product forms. */
export const TERM_KINDS = ['category', 'unit', 'tag'] as const;
export type TermKind = (typeof TERM_KINDS)[number];

export const companyTerms = sqliteTable(
  'company_terms',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TERM_KINDS }).notNull(),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('company_terms_unique').on(t.companyId, t.kind, t.value)],
);
