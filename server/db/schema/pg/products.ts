import { sql } from 'drizzle-orm';
import {
  doublePrecision,
  index,
  integer,
  json,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PRODUCT_STATUSES } from '#shared/constants.ts';
import { EXPIRY_KINDS, newEventId } from '../products.ts';
import { createdAt, id, timestamp, updatedAt } from './columns.ts';
import { companies } from './companies.ts';
import { users } from './users.ts';

/**
 * ../products.ts on PostgreSQL (decision 153). search_text is searched through a pg_trgm GIN index made by
 * a hand-written migration (drizzle/pg/0001_products_search.sql), as SQLite's FTS5 table is, outside this
 * schema; so are product_list_versions and its triggers.
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    nameSort: text('name_sort').notNull().default(''),
    image: text('image'),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    status: text('status', { enum: PRODUCT_STATUSES }).notNull().default('INACTIVE'),
    category: text('category'),
    unit: text('unit'),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    origin: text('origin'),
    gtin: text('gtin'),
    brand: text('brand'),
    standards: text('standards'),
    shelfLife: text('shelf_life'),
    qrCode: text('qr_code').notNull(),
    searchText: text('search_text').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_qr_code_unique').on(t.qrCode),
    uniqueIndex('products_gtin_unique').on(t.gtin).where(sql`${t.gtin} IS NOT NULL`),
    uniqueIndex('products_qr_code_folded_unique').on(sql`lower(${t.qrCode})`),
    index('products_company_name_idx').on(t.companyId, t.nameSort),
    index('products_company_status_idx').on(t.companyId, t.status),
    index('products_company_category_idx').on(t.companyId, t.category.asc().nullsFirst(), t.createdAt),
    index('products_company_created_idx').on(t.companyId, t.createdAt),
    index('products_name_idx').on(t.nameSort),
    index('products_created_idx').on(t.createdAt),
    index('products_updated_idx').on(t.updatedAt),
    index('products_status_idx').on(t.status, t.id),
    index('products_category_created_idx').on(t.category.asc().nullsFirst(), t.createdAt),
    index('products_status_name_idx').on(t.status, t.nameSort),
    index('products_category_name_idx').on(t.category, t.nameSort),
  ],
);

/** The same columns as ../products.ts's timelineStepColumns, for tracking_entries and lot_events. */
const timelineStepColumns = () => ({
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  activity: text('activity').notNull(),
  location: text('location').notNull().default(''),
  date: text('date').notNull(),
  description: text('description').notNull().default(''),
  bizStep: text('biz_step'),
  gln: text('gln'),
});

export const trackingEntries = pgTable(
  'tracking_entries',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    ...timelineStepColumns(),
  },
  (t) => [index('tracking_product_idx').on(t.productId, t.position)],
);

export const lots = pgTable(
  'lots',
  {
    id: id(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    productionDate: text('production_date'),
    expiryDate: text('expiry_date'),
    expiryKind: text('expiry_kind', { enum: EXPIRY_KINDS }).notNull().default('EXPIRY'),
    quantity: doublePrecision('quantity'),
    unit: text('unit'),
    recalledAt: timestamp('recalled_at'),
    recallReason: text('recall_reason'),
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

/**
 * `epcis` and `epcis_context` are `json`, not `jsonb`: an imported event is kept as its text came, its
 * fields in their order, and exported the same on both engines.
 */
export const lotEvents = pgTable(
  'lot_events',
  {
    id: id(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id, { onDelete: 'cascade' }),
    ...timelineStepColumns(),
    eventId: text('event_id').$defaultFn(newEventId),
    eventHash: text('event_hash'),
    epcis: json('epcis').$type<Record<string, unknown>>(),
    epcisContext: json('epcis_context').$type<unknown[]>(),
  },
  (t) => [
    index('lot_events_lot_idx').on(t.lotId, t.position),
    uniqueIndex('lot_events_event_id_unique').on(t.lotId, t.eventId),
    index('lot_events_event_hash_idx').on(t.lotId, t.eventHash),
  ],
);

export const lotEventObjects = pgTable(
  'lot_event_objects',
  {
    id: id(),
    lotEventId: integer('lot_event_id')
      .notNull()
      .references(() => lotEvents.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    list: text('list').notNull(),
    identifier: text('identifier').notNull(),
    gtin: text('gtin'),
    lotCode: text('lot_code'),
    serial: text('serial'),
    quantity: doublePrecision('quantity'),
    uom: text('uom'),
  },
  (t) => [
    index('lot_event_objects_event_idx').on(t.lotEventId),
    index('lot_event_objects_item_idx').on(t.companyId, t.gtin, t.lotCode),
  ],
);

export const shortLinks = pgTable(
  'short_links',
  {
    id: id(),
    code: text('code').notNull(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
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
