import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { PRODUCT_STATUSES } from '#shared/constants.ts';
import { companies } from './companies.ts';
import { createdAt, timestamp, updatedAt } from './columns.ts';
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
    index('products_status_idx').on(t.status),
    // A category filter sorted by date, and the category sort (tie: created_at, then id).
    index('products_category_created_idx').on(t.category, t.createdAt),
    // A status or a category filter sorted by name across companies (decision 073): without them
    // the page walked the whole name index for a rare status, or sorted a category's rows.
    index('products_status_name_idx').on(t.status, t.nameSort),
    index('products_category_name_idx').on(t.category, t.nameSort),
  ],
);

/** The product's journey, in `position` order. */
export const trackingEntries = sqliteTable(
  'tracking_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    activity: text('activity').notNull(),
    location: text('location').notNull().default(''),
    /** A calendar date or date-time as the company entered it (ISO 8601 text). */
    date: text('date').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [index('tracking_product_idx').on(t.productId, t.position)],
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
