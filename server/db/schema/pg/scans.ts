import { index, integer, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { DEVICE_CLASSES } from '../scans.ts';
import { createdAt, id, timestamp } from './columns.ts';
import { companies } from './companies.ts';
import { lots, products } from './products.ts';
import { users } from './users.ts';

/** ../scans.ts on PostgreSQL (decision 153). */
export const scanEvents = pgTable(
  'scan_events',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    lotId: integer('lot_id').references(() => lots.id, { onDelete: 'set null' }),
    device: text('device', { enum: DEVICE_CLASSES }).notNull().default('other'),
    createdAt: timestamp('created_at').notNull(),
    scans: integer('scans').notNull().default(1),
  },
  (t) => [
    index('scan_events_company_time_idx').on(t.companyId, t.createdAt),
    index('scan_events_product_idx').on(t.productId),
    index('scan_events_time_idx').on(t.createdAt),
    // PostgreSQL only (decision 156): a counting window's row, shared by every instance, that flushes add
    // to (server/db/pg-scan-windows.ts). The SQLite file has one writer and keeps plain inserts;
    // tests/server/foundation/schema-drift.test.ts names this as the one allowed difference.
    unique('scan_events_window_unique')
      .on(t.productId, t.companyId, t.userId, t.device, t.lotId, t.createdAt)
      .nullsNotDistinct(),
  ],
);

export const scanLogs = pgTable(
  'scan_logs',
  {
    id: id(),
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
