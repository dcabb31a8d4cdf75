import { sql } from 'drizzle-orm';
import { SERIAL_BATCH_STATUSES } from '#shared/serials.ts';
import { companies } from './companies.ts';
import { defineTable } from './define.ts';
import { lots, products } from './products.ts';
import { users } from './users.ts';

/**
 * A batch of serialized codes for one product, and optionally one of its lots (issue 32, decisions
 * 204-205). Its serials are made by a job after the request answers: `generated` counts those written so
 * far, `status` says whether the job runs, finished or failed (`failure` says why). `pin_key` is the
 * secret every item's PIN is derived from (server/services/serials/pin.ts): nothing per item is stored.
 */
export const serialBatches = defineTable(
  'serial_batches',
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
    lotId: c.int('lot_id').references(() => c.of(lots).id, { onDelete: 'cascade' }),
    count: c.int('count').notNull(),
    withPin: c.bool('with_pin').notNull().default(false),
    status: c.text('status', { enum: SERIAL_BATCH_STATUSES }).notNull().default('GENERATING'),
    generated: c.int('generated').notNull().default(0),
    /** Why the job failed, Vietnamese; null unless FAILED. */
    failure: c.text('failure'),
    pinKey: c.text('pin_key').notNull(),
    /** When the whole batch was voided; null while it stands. */
    voidedAt: c.time('voided_at'),
    createdBy: c.int('created_by').references(() => c.of(users).id, { onDelete: 'set null' }),
    createdAt: c.createdAt(),
    /**
     * When the job last wrote a chunk: a GENERATING batch whose job stopped writing long ago was left by a
     * stopped server, and is marked FAILED (decision 205).
     */
    progressAt: c.time('progress_at'),
    /** When the job ended (READY or FAILED). */
    finishedAt: c.time('finished_at'),
  }),
  (t, i) => [
    i.index('serial_batches_company_created_idx').on(t.companyId, t.createdAt, t.id),
    // One generating batch per company, on every instance of the app (decision 205); start-up finds
    // the batches a stopped server left generating through it too.
    i.uniqueIndex('serial_batches_one_generating').on(t.companyId).where(sql`${t.status} = 'GENERATING'`),
  ],
);

/**
 * One item's code. Nothing else per row, so that a million codes stay small (decision 204): the product,
 * lot and PIN come from the batch. An item is named by its batch and seq, its primary key: no row id, whose
 * column and index PostgreSQL would store beside the two that are needed (decision 214).
 */
export const serials = defineTable(
  'serials',
  (c) => ({
    batchId: c
      .int('batch_id')
      .notNull()
      .references(() => c.of(serialBatches).id, { onDelete: 'cascade' }),
    /** 1..count within the batch: the order the CSV prints and a voided range names. */
    seq: c.int('seq').notNull(),
    serial: c.text('serial').notNull(),
  }),
  (t, i) => [
    i.primaryKey('serials_pkey', t.batchId, t.seq),
    i.uniqueIndex('serials_serial_unique').on(t.serial),
  ],
);

/** A voided range of a batch's items (from_seq..to_seq): one row, never an update per item (decision 204). */
export const serialVoids = defineTable(
  'serial_voids',
  (c) => ({
    id: c.id(),
    batchId: c
      .int('batch_id')
      .notNull()
      .references(() => c.of(serialBatches).id, { onDelete: 'cascade' }),
    companyId: c
      .int('company_id')
      .notNull()
      .references(() => c.of(companies).id, { onDelete: 'cascade' }),
    fromSeq: c.int('from_seq').notNull(),
    toSeq: c.int('to_seq').notNull(),
    createdBy: c.int('created_by').references(() => c.of(users).id, { onDelete: 'set null' }),
    createdAt: c.createdAt(),
  }),
  (t, i) => [i.index('serial_voids_batch_idx').on(t.batchId, t.fromSeq)],
);
