import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PRODUCT_STATUSES } from '#shared/constants.ts';
import type { LotTranslation, ProductTranslation, Translations } from '#shared/translations.ts';
import { companies } from './companies.ts';
import { type ColumnKinds, defineTable } from './define.ts';
import { users } from './users.ts';

/**
 * A company's product. Its search index is made by hand-written migrations, outside this declaration, so
 * drizzle-kit never proposes to drop it: SQLite's FTS5 table (drizzle/0001, 0003) and PostgreSQL's pg_trgm
 * GIN index (drizzle/pg/0001_products_search.sql); so are the list versions and their triggers
 * (drizzle/0004, drizzle/pg/0002).
 */
export const products = defineTable(
  'products',
  (c) => ({
    id: c.id(),
    companyId: c
      .int('company_id')
      .notNull()
      .references(() => c.of(companies).id, { onDelete: 'cascade' }),
    name: c.text('name').notNull(),
    /** vietnameseSortKey(name) (shared/sort-key.ts, decision 085): every sort by name uses it. */
    nameSort: c.text('name_sort').notNull().default(''),
    /** The cover image URL; `images` holds the ordered gallery (JSON array of URLs). */
    image: c.text('image'),
    images: c.json<string[]>('images').notNull().default([]),
    status: c.text('status', { enum: PRODUCT_STATUSES }).notNull().default('INACTIVE'),
    category: c.text('category'),
    unit: c.text('unit'),
    tags: c.json<string[]>('tags').notNull().default([]),
    origin: c.text('origin'),
    /**
     * GS1 GTIN, always stored as 14 digits (GTIN-8/12/13 zero-padded, check digit verified by
     * shared/gs1/identifiers.ts): one GTIN names one product in the whole app.
     */
    gtin: c.text('gtin'),
    /** Brand or trademark (Thông tư 02/2024/TT-BKHCN data item). */
    brand: c.text('brand'),
    /** Standards applied, e.g. TCVN/QCVN numbers (Thông tư 02/2024/TT-BKHCN data item). */
    standards: c.text('standards'),
    /** Shelf life as free text, e.g. "12 tháng" (Thông tư 02/2024/TT-BKHCN data item). */
    shelfLife: c.text('shelf_life'),
    /** The product's primary code; its QR image encodes PUBLIC_URL/redirect/{qr_code}. */
    qrCode: c.text('qr_code').notNull(),
    /**
     * Name, origin, category and tags, lower-cased with tone marks and đ/Đ folded: what the FTS5
     * index (migration 0001) searches, so "ca phe" finds "Cà phê" and "dak lak" finds "Đắk Lắk".
     */
    searchText: c.text('search_text').notNull().default(''),
    /**
     * The product's text in other languages, by language (decision 210), its timeline steps' under `steps`
     * by tracking entry id: a step has one row whatever the languages.
     */
    translations: c.json<Translations<ProductTranslation>>('translations').notNull().default({}),
    /** Optimistic concurrency: an update names the version it read; a stale one gets 409. */
    version: c.int('version').notNull().default(1),
    createdAt: c.createdAt(),
    updatedAt: c.updatedAt(),
  }),
  (t, i) => [
    i.uniqueIndex('products_qr_code_unique').on(t.qrCode),
    i.uniqueIndex('products_gtin_unique').on(t.gtin).where(sql`${t.gtin} IS NOT NULL`),
    // Codes are case-insensitive and stored folded (decision 084); this holds it even for a write that forgot to fold.
    i.uniqueIndex('products_qr_code_folded_unique').on(sql`lower(${t.qrCode})`),
    i.index('products_company_name_idx').on(t.companyId, t.nameSort),
    i.index('products_company_status_idx').on(t.companyId, t.status),
    i.index('products_company_category_idx').on(t.companyId, i.nullsFirst(t.category), t.createdAt),
    i.index('products_company_created_idx').on(t.companyId, t.createdAt),
    // The cross-company list (SUPER_ADMIN): each sort walks one index, the row id being the
    // tiebreaker every SQLite index already ends with, so a page never needs a full sort.
    i.index('products_name_idx').on(t.nameSort),
    i.index('products_created_idx').on(t.createdAt),
    i.index('products_updated_idx').on(t.updatedAt),
    // Status has two values: the id is named so that PostgreSQL, whose indexes do not end with it, walks
    // this index for the status sort too instead of sorting half the table (decision 170).
    i.index('products_status_idx').on(t.status, t.id),
    // A category filter sorted by date, and the category sort (tie: created_at, then id).
    i.index('products_category_created_idx').on(i.nullsFirst(t.category), t.createdAt),
    // A status or a category filter sorted by name across companies (decision 073): without them
    // the page walked the whole name index for a rare status, or sorted a category's rows.
    i.index('products_status_name_idx').on(t.status, t.nameSort),
    i.index('products_category_name_idx').on(t.category, t.nameSort),
  ],
);

/**
 * The columns of one timeline step, the same for a product's (tracking_entries) and a lot's
 * (lot_events) so both read, export and import alike. A function: each table gets its own builders.
 */
const timelineStepColumns = (c: ColumnKinds) => ({
  companyId: c
    .int('company_id')
    .notNull()
    .references(() => c.of(companies).id, { onDelete: 'cascade' }),
  position: c.int('position').notNull(),
  activity: c.text('activity').notNull(),
  location: c.text('location').notNull().default(''),
  /** A calendar date or date-time as the company entered it (ISO 8601 text). */
  date: c.text('date').notNull(),
  description: c.text('description').notNull().default(''),
  /** A CBV 2.0 bizStep bare name (e.g. 'commissioning') or an absolute URI of the company's own. */
  bizStep: c.text('biz_step'),
  /** The GLN (13 digits) of the place of this step. */
  gln: c.text('gln'),
});

/** The product's journey, in `position` order. */
export const trackingEntries = defineTable(
  'tracking_entries',
  (c) => ({
    id: c.id(),
    productId: c
      .int('product_id')
      .notNull()
      .references(() => c.of(products).id, { onDelete: 'cascade' }),
    ...timelineStepColumns(c),
  }),
  (t, i) => [i.index('tracking_product_idx').on(t.productId, t.position)],
);

export const EXPIRY_KINDS = ['EXPIRY', 'BEST_BEFORE'] as const;

/**
 * A production lot (batch) of a product: GS1 AI 10 code, its own dates and quantity, its own timeline
 * steps (lot_events, shown after the product's shared tracking_entries) and its own QR codes
 * (short_links.lot_id). A recalled lot has `recalled_at` and `recall_reason` set.
 */
export const lots = defineTable(
  'lots',
  (c) => ({
    id: c.id(),
    companyId: c
      .int('company_id')
      .notNull()
      .references(() => c.of(companies).id, { onDelete: 'cascade' }),
    productId: c
      .int('product_id')
      .notNull()
      .references(() => c.of(products).id, { onDelete: 'cascade' }),
    /** GS1 AI 10: 1-20 characters of the AI encodable character set 82, no diacritics. */
    code: c.text('code').notNull(),
    /** YYYY-MM-DD */
    productionDate: c.text('production_date'),
    /** YYYY-MM-DD; an expiry date or a best-before date as `expiry_kind` says. */
    expiryDate: c.text('expiry_date'),
    expiryKind: c.text('expiry_kind', { enum: EXPIRY_KINDS }).notNull().default('EXPIRY'),
    quantity: c.real('quantity'),
    unit: c.text('unit'),
    recalledAt: c.time('recalled_at'),
    recallReason: c.text('recall_reason'),
    /**
     * Made from a recalled batch (decision 200): set on every lot reached forward from a recalled lot, naming
     * that lot and its reason, cleared when that recall is lifted. Public: the lot's banner says so.
     */
    inputRecallLotId: c.int('input_recall_lot_id'),
    inputRecallCode: c.text('input_recall_code'),
    inputRecallReason: c.text('input_recall_reason'),
    /**
     * On hold (decision 200): kept back for a check, never shipped nor used as an input until released.
     * Not public: a hold is the company's own business, a recall is the public's.
     */
    heldAt: c.time('held_at'),
    holdReason: c.text('hold_reason'),
    /** The lot's text in other languages (decision 210), its own steps' under `steps` by lot_event id. */
    translations: c.json<Translations<LotTranslation>>('translations').notNull().default({}),
    version: c.int('version').notNull().default(1),
    createdAt: c.createdAt(),
    updatedAt: c.updatedAt(),
  }),
  (t, i) => [
    i.uniqueIndex('lots_product_code_unique').on(t.productId, t.code),
    i.index('lots_company_product_idx').on(t.companyId, t.productId),
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
export const lotEvents = defineTable(
  'lot_events',
  (c) => ({
    id: c.id(),
    lotId: c
      .int('lot_id')
      .notNull()
      .references(() => c.of(lots).id, { onDelete: 'cascade' }),
    ...timelineStepColumns(c),
    /** The EPCIS eventID: as received, else the event hash ID, else a urn:uuid made when the step is. */
    eventId: c.text('event_id').$defaultFn(newEventId),
    /** `ni:///sha-256;…?ver=CBV2.0` of the event as received (an imported event only). */
    eventHash: c.text('event_hash'),
    epcis: c.jsonAsReceived<Record<string, unknown>>('epcis'),
    epcisContext: c.jsonAsReceived<unknown[]>('epcis_context'),
  }),
  (t, i) => [
    i.index('lot_events_lot_idx').on(t.lotId, t.position),
    i.uniqueIndex('lot_events_event_id_unique').on(t.lotId, t.eventId),
    i.index('lot_events_event_hash_idx').on(t.lotId, t.eventHash),
  ],
);

/**
 * Each object an imported EPCIS event names, by the list that names it (`epcList`, `quantityList`,
 * `parentID`, `childEPCs`, `childQuantityList`, `inputEPCList`, `inputQuantityList`, `outputEPCList`,
 * `outputQuantityList`), with the GS1 keys read from its Digital Link or EPC URI form: what links a
 * TransformationEvent's input lots to its output lots, and any event to the lots it is about.
 */
export const lotEventObjects = defineTable(
  'lot_event_objects',
  (c) => ({
    id: c.id(),
    lotEventId: c
      .int('lot_event_id')
      .notNull()
      .references(() => c.of(lotEvents).id, { onDelete: 'cascade' }),
    companyId: c
      .int('company_id')
      .notNull()
      .references(() => c.of(companies).id, { onDelete: 'cascade' }),
    list: c.text('list').notNull(),
    /** The identifier as the event wrote it. */
    identifier: c.text('identifier').notNull(),
    /** 14 digits, when the identifier names a trade item. */
    gtin: c.text('gtin'),
    lotCode: c.text('lot_code'),
    serial: c.text('serial'),
    quantity: c.real('quantity'),
    uom: c.text('uom'),
  }),
  (t, i) => [
    i.index('lot_event_objects_event_idx').on(t.lotEventId),
    i.index('lot_event_objects_item_idx').on(t.companyId, t.gtin, t.lotCode),
  ],
);

/**
 * Every QR code the app knows: each product's primary code, and the codes printed in batches
 * before they are bound to a product. A public resolve is one lookup here by code.
 */
export const shortLinks = defineTable(
  'short_links',
  (c) => ({
    id: c.id(),
    code: c.text('code').notNull(),
    companyId: c
      .int('company_id')
      .notNull()
      .references(() => c.of(companies).id, { onDelete: 'cascade' }),
    productId: c.int('product_id').references(() => c.of(products).id, { onDelete: 'set null' }),
    /** A lot's own QR code: bound to the product AND this lot. */
    lotId: c.int('lot_id').references(() => c.of(lots).id, { onDelete: 'set null' }),
    createdBy: c.int('created_by').references(() => c.of(users).id, { onDelete: 'set null' }),
    boundAt: c.time('bound_at'),
    createdAt: c.createdAt(),
  }),
  (t, i) => [
    i.uniqueIndex('short_links_code_unique').on(t.code),
    i.uniqueIndex('short_links_code_folded_unique').on(sql`lower(${t.code})`),
    i.index('short_links_company_idx').on(t.companyId, t.productId, t.createdAt),
    i.index('short_links_product_idx').on(t.productId),
  ],
);
