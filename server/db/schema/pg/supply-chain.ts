import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { DOCUMENT_TYPES, PARTNER_KINDS } from '#shared/supply-chain.ts';
import { createdAt, id, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { lots } from './products.ts';
import { users } from './users.ts';

/** ../supply-chain.ts on PostgreSQL (decision 153); tests/server/foundation/schema-drift.test.ts keeps them equal. */
export const partners = pgTable(
  'partners',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameSort: text('name_sort').notNull().default(''),
    kind: text('kind', { enum: PARTNER_KINDS }).notNull(),
    taxCode: text('tax_code'),
    gln: text('gln'),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    address: text('address').notNull().default(''),
    province: text('province').notNull().default(''),
    country: text('country').notNull().default('VN'),
    publicName: boolean('public_name').notNull().default(false),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('partners_company_name_idx').on(t.companyId, t.nameSort),
    uniqueIndex('partners_company_tax_code_unique')
      .on(t.companyId, t.taxCode)
      .where(sql`${t.taxCode} IS NOT NULL`),
  ],
);

const movementColumns = () => ({
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  lotId: integer('lot_id')
    .notNull()
    .references(() => lots.id, { onDelete: 'cascade' }),
  partnerId: integer('partner_id')
    .notNull()
    .references(() => partners.id, { onDelete: 'cascade' }),
  quantity: text('quantity').notNull(),
  unit: text('unit').notNull(),
  date: text('date').notNull(),
  documentType: text('document_type', { enum: DOCUMENT_TYPES }),
  documentNumber: text('document_number'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

export const lotReceipts = pgTable(
  'lot_receipts',
  {
    id: id(),
    ...movementColumns(),
    supplierLotCode: text('supplier_lot_code'),
  },
  (t) => [index('lot_receipts_lot_idx').on(t.lotId), index('lot_receipts_partner_idx').on(t.partnerId)],
);

export const lotShipments = pgTable(
  'lot_shipments',
  {
    id: id(),
    ...movementColumns(),
  },
  (t) => [index('lot_shipments_lot_idx').on(t.lotId), index('lot_shipments_partner_idx').on(t.partnerId)],
);

export const lotInputs = pgTable(
  'lot_inputs',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    inputLotId: integer('input_lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    quantity: text('quantity').notNull(),
    unit: text('unit').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lot_inputs_lot_input_unique').on(t.lotId, t.inputLotId),
    index('lot_inputs_forward_idx').on(t.inputLotId, t.companyId, t.lotId),
    index('lot_inputs_backward_idx').on(t.lotId, t.companyId, t.inputLotId),
  ],
);
