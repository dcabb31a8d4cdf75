import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PRODUCT_STATUSES } from '#shared/constants.ts';
import { createdAt, timestamp, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

export const products = sqliteTable(
  'products',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** vietnameseSortKey(name) (shared/sort-key.ts, decision 085): every sort by name uses it. */
    nameSort: text('name_sort').notNull().default(''),
    /** The cover image URL; `images` holds the ordered gallery (JSON array of URLs). */
    image: text('image'),
    images: text('images', { mode: 'json' }).$type<string[]>().notNull().default([]),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('INACTIVE'),
    category: text('category'),
    unit: text('unit'),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull().default([]),
    origin: text('origin'),
    /**
     * GS1 GTIN, always stored as 14 digits (GTIN-8/12/13 zero-padded, check digit verified by
     * shared/gs1/identifiers.ts): one GTIN names one product in the whole app.
     */
    gtin: text('gtin'),
    /** Brand or trademark (Thông tư 02/2024/TT-BKHCN data item). */
    brand: text('brand'),
    /** Standards applied, e.g. TCVN/QCVN numbers (Thông tư 02/2024/TT-BKHCN data item). */
    standards: text('standards'),
    /** Shelf life as free text, e.g. "12 tháng" (Thông tư 02/2024/TT-BKHCN data item). */
    shelfLife: text('shelf_life'),
    /** The product's primary code; its QR image encodes PUBLIC_URL/redirect/{qr_code}. */
    qrCode: text('qr_code').notNull(),
    /**
     * Name, origin, category and tags, lower-cased with tone marks and đ/Đ folded: what the FTS5
     * index (migration 0001) searches, so "ca phe" finds "Cà phê" and "dak lak" finds "Đắk Lắk".
     */
    searchText: text('search_text').notNull().default(''),
    /** Optimistic concurrency: an update names the version it read; a stale one gets 409. */
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_qr_code_unique').on(t.qrCode),
    uniqueIndex('products_gtin_unique').on(t.gtin).where(sql`${t.gtin} IS NOT NULL`),
    // Codes are case-insensitive and stored folded (decision 084); this holds it even for a write that forgot to fold.
    uniqueIndex('products_qr_code_folded_unique').on(sql`lower(${t.qrCode})`),
    index('products_company_name_idx').on(t.companyId, t.nameSort),
    index('products_company_status_idx').on(t.companyId, t.status),
    index('products_company_category_idx').on(t.companyId, t.category, t.createdAt),
    index('products_company_created_idx').on(t.companyId, t.createdAt),
    // The cross-company list (SUPER_ADMIN): each sort walks one index, the row id being the
    // tiebreaker every SQLite index already ends with, so a page never needs a full sort.
    index('products_name_idx').on(t.nameSort),
    index('products_created_idx').on(t.createdAt),
    index('products_updated_idx').on(t.updatedAt),
    // Status has two values: the id is named so that PostgreSQL, whose indexes do not end with it, walks
    // this index for the status sort too instead of sorting half the table (decision 170).
    index('products_status_idx').on(t.status, t.id),
    // A category filter sorted by date, and the category sort (tie: created_at, then id).
    index('products_category_created_idx').on(t.category, t.createdAt),
    // A status or a category filter sorted by name across companies (decision 073): without them
    // the page walked the whole name index for a rare status, or sorted a category's rows.
    index('products_status_name_idx').on(t.status, t.nameSort),
    index('products_category_name_idx').on(t.category, t.nameSort),
  ],
);

/**
 * The columns of one timeline step, the same for a product's (tracking_entries) and a lot's
 * (lot_events) so both read, export and import alike. A function: each table gets its own builders.
 */
const timelineStepColumns = () => ({
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  activity: text('activity').notNull(),
  location: text('location').notNull().default(''),
  /** A calendar date or date-time as the company entered it (ISO 8601 text). */
  date: text('date').notNull(),
  description: text('description').notNull().default(''),
  /** A CBV 2.0 bizStep bare name (e.g. 'commissioning') or an absolute URI of the company's own. */
  bizStep: text('biz_step'),
  /** The GLN (13 digits) of the place of this step. */
  gln: text('gln'),
});

/** The product's journey, in `position` order. */
export const trackingEntries = sqliteTable(
  'tracking_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    ...timelineStepColumns(),
  },
  (t) => [index('tracking_product_idx').on(t.productId, t.position)],
);

export const EXPIRY_KINDS = ['EXPIRY', 'BEST_BEFORE'] as const;

/**
 * A production lot (batch) of a product: GS1 AI 10 code, its own dates and quantity, its own timeline
 * steps (lot_events, shown after the product's shared tracking_entries) and its own QR codes
 * (short_links.lot_id). A recalled lot has `recalled_at` and `recall_reason` set.
 */
export const lots = sqliteTable(
  'lots',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** GS1 AI 10: 1-20 characters of the AI encodable character set 82, no diacritics. */
    code: text('code').notNull(),
    /** YYYY-MM-DD */
    productionDate: text('production_date'),
    /** YYYY-MM-DD; an expiry date or a best-before date as `expiry_kind` says. */
    expiryDate: text('expiry_date'),
    expiryKind: text('expiry_kind', { enum: EXPIRY_KINDS }).notNull().default('EXPIRY'),
    quantity: real('quantity'),
    unit: text('unit'),
    recalledAt: timestamp('recalled_at'),
    recallReason: text('recall_reason'),
    /**
     * On hold (decision 200): kept back for a check, never shipped nor used as an input until released.
     * Not public: a hold is the company's own business, a recall is the public's.
     */
    heldAt: timestamp('held_at'),
    holdReason: text('hold_reason'),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('lots_product_code_unique').on(t.productId, t.code),
    index('lots_company_product_idx').on(t.companyId, t.productId),
  ],
);

/** The eventID a step gets when it is made in the app: a urn:uuid, as EPCIS allows. */
export const newEventId = () => `urn:uuid:${randomUUID()}`;

/**
 * A lot's own timeline steps, in `position` order, shown after the product's shared ones. A step is also an
 * EPCIS event (decision 193): `event_id` names it in exports and makes a capture idempotent; an event
 * imported from an EPCIS document keeps the event as received (`epcis`), its document's other @context
 * entries (`epcis_context`) and its GS1 event hash (`event_hash`), and the columns above are what the
 * Vietnamese timeline shows of it.
 */
export const lotEvents = sqliteTable(
  'lot_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    ...timelineStepColumns(),
    /** The EPCIS eventID: as received, else the event hash ID, else a urn:uuid made when the step is. */
    eventId: text('event_id').$defaultFn(newEventId),
    /** `ni:///sha-256;…?ver=CBV2.0` of the event as received (an imported event only). */
    eventHash: text('event_hash'),
    epcis: text('epcis', { mode: 'json' }).$type<Record<string, unknown>>(),
    epcisContext: text('epcis_context', { mode: 'json' }).$type<unknown[]>(),
  },
  (t) => [
    index('lot_events_lot_idx').on(t.lotId, t.position),
    uniqueIndex('lot_events_event_id_unique').on(t.lotId, t.eventId),
    index('lot_events_event_hash_idx').on(t.lotId, t.eventHash),
  ],
);

/**
 * Each object an imported EPCIS event names, by the list that names it (`epcList`, `quantityList`,
 * `parentID`, `childEPCs`, `childQuantityList`, `inputEPCList`, `inputQuantityList`, `outputEPCList`,
 * `outputQuantityList`), with the GS1 keys read from its Digital Link or EPC URI form: what links a
 * TransformationEvent's input lots to its output lots, and any event to the lots it is about.
 */
export const lotEventObjects = sqliteTable(
  'lot_event_objects',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    lotEventId: integer('lot_event_id')
      .notNull()
      .references(() => lotEvents.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    /** The identifier as the event wrote it. */
    identifier: text('identifier').notNull(),
    /** 14 digits, when the identifier names a trade item. */
    gtin: text('gtin'),
    lotCode: text('lot_code'),
    serial: text('serial'),
    quantity: real('quantity'),
    uom: text('uom'),
  },
  (t) => [
    index('lot_event_objects_event_idx').on(t.lotEventId),
    index('lot_event_objects_item_idx').on(t.companyId, t.gtin, t.lotCode),
  ],
);

/**
 * Every QR code the app knows: each product's primary code, and the codes printed in batches
 * before they are bound to a product. A public resolve is one lookup here by code.
 */
export const shortLinks = sqliteTable(
  'short_links',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    /** A lot's own QR code: bound to the product AND this lot. */
    lotId: integer('lot_id').references(() => lots.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    boundAt: timestamp('bound_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('short_links_code_unique').on(t.code),
    uniqueIndex('short_links_code_folded_unique').on(sql`lower(${t.code})`),
    index('short_links_company_idx').on(t.companyId, t.productId, t.createdAt),
    index('short_links_product_idx').on(t.productId),
  ],
);
