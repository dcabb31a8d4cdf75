import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { TERM_KINDS } from '../companies.ts';
import { createdAt, id, updatedAt } from './columns.ts';

/** ../companies.ts on PostgreSQL (decision 153); tests/server/foundation/schema-drift.test.ts keeps them equal. */
export const companies = pgTable(
  'companies',
  {
    id: id(),
    name: text('name').notNull(),
    nameSort: text('name_sort').notNull().default(''),
    representative: text('representative').notNull().default(''),
    address: text('address').notNull().default(''),
    email: text('email').notNull().default(''),
    businessLicense: text('business_license').notNull().default(''),
    taxCode: text('tax_code'),
    gln: text('gln'),
    digitalLinkQr: boolean('digital_link_qr').notNull().default(false),
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

export const companyTerms = pgTable(
  'company_terms',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: TERM_KINDS }).notNull(),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('company_terms_unique').on(t.companyId, t.kind, t.value)],
);
