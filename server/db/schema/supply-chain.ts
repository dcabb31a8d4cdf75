import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import { DOCUMENT_TYPES, PARTNER_KINDS } from '#shared/supply-chain.ts';
import { createdAt, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { lots } from './products.ts';
import { users } from './users.ts';

/**
 * The company's suppliers and customers (decision 200). Named on public pages only when `public_name` says
 * so; its province and country may show there as where an input came from.
 */
export const partners = sqliteTable(
  'partners',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** vietnameseSortKey(name) (decision 085): the list's sort by name. */
    nameSort: text('name_sort').notNull().default(''),
    kind: text('kind', { enum: PARTNER_KINDS }).notNull(),
    /** Vietnamese tax code (MST), check digit verified; unique within the company. */
    taxCode: text('tax_code'),
    /** GS1 GLN (13 digits, check digit verified). */
    gln: text('gln'),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    address: text('address').notNull().default(''),
    province: text('province').notNull().default(''),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull().default('VN'),
    /** Whether the partner's name may show on public pages (the lot page's origins). */
    publicName: integer('public_name', { mode: 'boolean' }).notNull().default(false),
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

/**
 * The columns a receipt and a shipment share: the partner, how much of what unit, when, and the document.
 * `quantity` is canonical decimal text (shared/quantity.ts, decision 201); `unit` a UN/CEFACT Rec 20 code.
 */
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
  /** YYYY-MM-DD */
  date: text('date').notNull(),
  documentType: text('document_type', { enum: DOCUMENT_TYPES }),
  documentNumber: text('document_number'),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
});

/** One step back: goods of a lot received from a supplier, with the supplier's own lot code. */
export const lotReceipts = sqliteTable(
  'lot_receipts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ...movementColumns(),
    supplierLotCode: text('supplier_lot_code'),
  },
  (t) => [index('lot_receipts_lot_idx').on(t.lotId), index('lot_receipts_partner_idx').on(t.partnerId)],
);

/** One step forward: goods of a lot shipped to a customer. */
export const lotShipments = sqliteTable(
  'lot_shipments',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ...movementColumns(),
  },
  (t) => [index('lot_shipments_lot_idx').on(t.lotId), index('lot_shipments_partner_idx').on(t.partnerId)],
);

/**
 * A transformation: `lot_id` was made from `input_lot_id` (both of one company), using `quantity` of it.
 * The graph a trace walks: backward by lot_id, forward by input_lot_id (decision 202).
 */
export const lotInputs = sqliteTable(
  'lot_inputs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
    // The trace's two walks (decision 202), each answered from its index alone: the step's own end, the
    // company it must stay in, the other end.
    index('lot_inputs_forward_idx').on(t.inputLotId, t.companyId, t.lotId),
    index('lot_inputs_backward_idx').on(t.lotId, t.companyId, t.inputLotId),
  ],
);
