import { companies } from './companies.ts';
import { defineTable } from './define.ts';
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
export const scanEvents = defineTable(
  'scan_events',
  (c) => ({
    id: c.id(),
    productId: c
      .int('product_id')
      .notNull()
      .references(() => c.of(products).id, { onDelete: 'cascade' }),
    companyId: c
      .int('company_id')
      .notNull()
      .references(() => c.of(companies).id, { onDelete: 'cascade' }),
    userId: c.int('user_id').references(() => c.of(users).id, { onDelete: 'set null' }),
    /** The lot whose code was scanned, if any: the dashboard counts scans of recalled lots. */
    lotId: c.int('lot_id').references(() => c.of(lots).id, { onDelete: 'set null' }),
    device: c.text('device', { enum: DEVICE_CLASSES }).notNull().default('other'),
    createdAt: c.time('created_at').notNull(),
    scans: c.int('scans').notNull().default(1),
  }),
  (t, i) => [
    i.index('scan_events_company_time_idx').on(t.companyId, t.createdAt),
    i.index('scan_events_product_idx').on(t.productId),
    i.index('scan_events_time_idx').on(t.createdAt),
    // A counting window's row, shared by every instance, that flushes add to (server/db/pg-scan-windows.ts).
    i.uniqueOnPgOnly(
      'scan_events_window_unique',
      t.productId,
      t.companyId,
      t.userId,
      t.device,
      t.lotId,
      t.createdAt,
    ),
  ],
);

/** A signed-in user's own scan history: one row per product, moved to the top on every new scan. */
export const scanLogs = defineTable(
  'scan_logs',
  (c) => ({
    id: c.id(),
    userId: c
      .int('user_id')
      .notNull()
      .references(() => c.of(users).id, { onDelete: 'cascade' }),
    productId: c
      .int('product_id')
      .notNull()
      .references(() => c.of(products).id, { onDelete: 'cascade' }),
    /**
     * The lot of the last scan of this product that named one (a lot's code or Digital Link), so the
     * history shows it and its recall; a scan of the product's own code keeps it (decision 184).
     */
    lotId: c.int('lot_id').references(() => c.of(lots).id, { onDelete: 'set null' }),
    scannedAt: c.time('scanned_at').notNull(),
    createdAt: c.createdAt(),
  }),
  (t, i) => [
    i.uniqueIndex('scan_logs_user_product_unique').on(t.userId, t.productId),
    i.index('scan_logs_user_time_idx').on(t.userId, t.scannedAt),
  ],
);
