import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, timestamp } from './columns.ts';
import { companies } from './companies.ts';
import { lots, products } from './products.ts';
import { users } from './users.ts';

export const DEVICE_CLASSES = ['mobile', 'tablet', 'desktop', 'other'] as const;

/**
 * The public resolves of codes: what company statistics count (the sum of `scans`). A row stands for
 * the scans of one product by one user (or by visitors) on one kind of device within one write of the
 * buffer (SCAN_FLUSH_MS, a quarter second by default), timed at the first of them: a storm of 30,000
 * scans a second writes a few thousand rows, not 30,000 (decision 076). Privacy by design: no IP
 * address and no location, only a coarse device class. Removed after the retention period.
 */
export const scanEvents = sqliteTable(
  'scan_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The lot whose code was scanned, if any: the dashboard counts scans of recalled lots. */
    lotId: integer('lot_id').references(() => lots.id, { onDelete: 'set null' }),
    device: text('device', { enum: DEVICE_CLASSES }).notNull().default('other'),
    createdAt: timestamp('created_at').notNull(),
    scans: integer('scans').notNull().default(1),
  },
  (t) => [
    index('scan_events_company_time_idx').on(t.companyId, t.createdAt),
    index('scan_events_product_idx').on(t.productId),
    index('scan_events_time_idx').on(t.createdAt),
  ],
);

/** A signed-in user's own scan history: one row per product, moved to the top on every new scan. */
export const scanLogs = sqliteTable(
  'scan_logs',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /**
     * The lot of the last scan of this product that named one (a lot's code or Digital Link), so the
     * history shows it and its recall; a scan of the product's own code keeps it (decision 184).
     */
    lotId: integer('lot_id').references(() => lots.id, { onDelete: 'set null' }),
    scannedAt: timestamp('scanned_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('scan_logs_user_product_unique').on(t.userId, t.productId),
    index('scan_logs_user_time_idx').on(t.userId, t.scannedAt),
  ],
);
