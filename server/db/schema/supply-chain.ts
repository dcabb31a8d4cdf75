import { sql } from 'drizzle-orm';
import { DOCUMENT_TYPES, PARTNER_KINDS } from '#shared/supply-chain.ts';
import { companies } from './companies.ts';
import { type ColumnKinds, defineTable } from './define.ts';
import { lots } from './products.ts';
import { users } from './users.ts';

/**
 * The company's suppliers and customers (decision 200). Named on public pages only when `public_name` says
 * so; its province and country may show there as where an input came from.
 */
export const partners = defineTable(
  'partners',
  (c) => ({
    id: c.id(),
    companyId: c
      .int('company_id')
      .notNull()
      .references(() => c.of(companies).id, { onDelete: 'cascade' }),
    name: c.text('name').notNull(),
    /** vietnameseSortKey(name) (decision 085): the list's sort by name. */
    nameSort: c.text('name_sort').notNull().default(''),
    kind: c.text('kind', { enum: PARTNER_KINDS }).notNull(),
    /** Vietnamese tax code (MST), check digit verified; unique within the company. */
    taxCode: c.text('tax_code'),
    /** GS1 GLN (13 digits, check digit verified). */
    gln: c.text('gln'),
    phone: c.text('phone').notNull().default(''),
    email: c.text('email').notNull().default(''),
    address: c.text('address').notNull().default(''),
    province: c.text('province').notNull().default(''),
    /** ISO 3166-1 alpha-2. */
    country: c.text('country').notNull().default('VN'),
    /** Whether the partner's name may show on public pages (the lot page's origins). */
    publicName: c.bool('public_name').notNull().default(false),
    version: c.int('version').notNull().default(1),
    createdAt: c.createdAt(),
    updatedAt: c.updatedAt(),
  }),
  (t, i) => [
    i.index('partners_company_name_idx').on(t.companyId, t.nameSort),
    i
      .uniqueIndex('partners_company_tax_code_unique')
      .on(t.companyId, t.taxCode)
      .where(sql`${t.taxCode} IS NOT NULL`),
  ],
);

/**
 * The columns a receipt and a shipment share: the partner, how much of what unit, when, and the document.
 * `quantity` is canonical decimal text (shared/quantity.ts, decision 201); `unit` a UN/CEFACT Rec 20 code.
 */
const movementColumns = (c: ColumnKinds) => ({
  companyId: c
    .int('company_id')
    .notNull()
    .references(() => c.of(companies).id, { onDelete: 'cascade' }),
  lotId: c
    .int('lot_id')
    .notNull()
    .references(() => c.of(lots).id, { onDelete: 'cascade' }),
  partnerId: c
    .int('partner_id')
    .notNull()
    .references(() => c.of(partners).id, { onDelete: 'cascade' }),
  quantity: c.text('quantity').notNull(),
  unit: c.text('unit').notNull(),
  /** YYYY-MM-DD */
  date: c.text('date').notNull(),
  documentType: c.text('document_type', { enum: DOCUMENT_TYPES }),
  documentNumber: c.text('document_number'),
  /**
   * The EPCIS eventID of the imported event this record came from (decision 203), else null: its lot's
   * timeline holds the event as it came, and the lot's export gives that event rather than one made again.
   */
  eventId: c.text('event_id'),
  createdBy: c.int('created_by').references(() => c.of(users).id, { onDelete: 'set null' }),
  createdAt: c.createdAt(),
});

/** One step back: goods of a lot received from a supplier, with the supplier's own lot code. */
export const lotReceipts = defineTable(
  'lot_receipts',
  (c) => ({
    id: c.id(),
    ...movementColumns(c),
    supplierLotCode: c.text('supplier_lot_code'),
  }),
  (t, i) => [
    i.index('lot_receipts_lot_idx').on(t.lotId),
    i.index('lot_receipts_partner_idx').on(t.partnerId),
  ],
);

/** One step forward: goods of a lot shipped to a customer. */
export const lotShipments = defineTable(
  'lot_shipments',
  (c) => ({
    id: c.id(),
    ...movementColumns(c),
  }),
  (t, i) => [
    i.index('lot_shipments_lot_idx').on(t.lotId),
    i.index('lot_shipments_partner_idx').on(t.partnerId),
  ],
);

/**
 * A transformation: `lot_id` was made from `input_lot_id` (both of one company), using `quantity` of it.
 * The graph a trace walks: backward by lot_id, forward by input_lot_id (decision 202).
 */
export const lotInputs = defineTable(
  'lot_inputs',
  (c) => ({
    id: c.id(),
    companyId: c
      .int('company_id')
      .notNull()
      .references(() => c.of(companies).id, { onDelete: 'cascade' }),
    lotId: c
      .int('lot_id')
      .notNull()
      .references(() => c.of(lots).id, { onDelete: 'cascade' }),
    inputLotId: c
      .int('input_lot_id')
      .notNull()
      .references(() => c.of(lots).id, { onDelete: 'cascade' }),
    quantity: c.text('quantity').notNull(),
    unit: c.text('unit').notNull(),
    /** The EPCIS eventID of the imported TransformationEvent this link came from (decision 203), else null. */
    eventId: c.text('event_id'),
    createdBy: c.int('created_by').references(() => c.of(users).id, { onDelete: 'set null' }),
    createdAt: c.createdAt(),
  }),
  (t, i) => [
    i.uniqueIndex('lot_inputs_lot_input_unique').on(t.lotId, t.inputLotId),
    // The trace's two walks (decision 202), each answered from its index alone: the step's own end, the
    // company it must stay in, the other end.
    i.index('lot_inputs_forward_idx').on(t.inputLotId, t.companyId, t.lotId),
    i.index('lot_inputs_backward_idx').on(t.lotId, t.companyId, t.inputLotId),
  ],
);
