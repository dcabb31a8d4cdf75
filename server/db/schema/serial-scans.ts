import { companies } from './companies.ts';
import { defineTable } from './define.ts';
import { serialBatches } from './serials.ts';

/**
 * What the public's opens of a serialized code leave behind (issue 32, decisions 206-207): one row of state
 * per item opened at least once, the recent opens the suspect rules read, the shoppers' fake reports and
 * each company's suspect threshold. Where an open happened is a province and nothing finer: no address,
 * no position, no User-Agent; the browser is a random cookie's value, hashed with the item.
 */

/**
 * One item's verdict state, made by its first counted open (or its PIN's activation). The item is its
 * batch and seq, the serials' key (decision 214); the batch's foreign key removes the state with the items.
 */
export const serialStates = defineTable(
  'serial_states',
  (c) => ({
    id: c.id(),
    batchId: c
      .int('batch_id')
      .notNull()
      .references(() => c.of(serialBatches).id, { onDelete: 'cascade' }),
    seq: c.int('seq').notNull(),
    companyId: c
      .int('company_id')
      .notNull()
      .references(() => c.of(companies).id, { onDelete: 'cascade' }),
    /** Counted opens: once per browser per 10 minutes, never the company's members, never bots. */
    count: c.int('count').notNull().default(0),
    firstVerifiedAt: c.time('first_verified_at'),
    firstProvince: c.text('first_province'),
    /** The first province came from the network (a proxy's header), not from the phone with consent. */
    firstProvinceApproximate: c.bool('first_province_approximate').notNull().default(true),
    /** When the scratch-off PIN was first entered right (decision 208). */
    activatedAt: c.time('activated_at'),
    /** When an open last made the item suspect, and by which rule: the company dashboard's list. */
    suspectAt: c.time('suspect_at'),
    suspectReason: c.text('suspect_reason'),
  }),
  (t, i) => [
    i.uniqueIndex('serial_states_item_unique').on(t.batchId, t.seq),
    i.index('serial_states_company_suspect_idx').on(t.companyId, t.suspectAt),
  ],
);

/**
 * The recent counted opens of an item (kept SERIAL_OPENS_KEPT_DAYS, pruned as opens come): the browser
 * (hashed with the item: the same browser is unrelatable across items), the province, whether approximate.
 */
export const serialOpens = defineTable(
  'serial_opens',
  (c) => ({
    id: c.id(),
    /** The item: its batch and seq (decision 214). */
    batchId: c
      .int('batch_id')
      .notNull()
      .references(() => c.of(serialBatches).id, { onDelete: 'cascade' }),
    seq: c.int('seq').notNull(),
    companyId: c
      .int('company_id')
      .notNull()
      .references(() => c.of(companies).id, { onDelete: 'cascade' }),
    browser: c.text('browser').notNull(),
    province: c.text('province'),
    provinceApproximate: c.bool('province_approximate').notNull().default(true),
    at: c.time('at').notNull(),
  }),
  (t, i) => [
    i.index('serial_opens_item_at_idx').on(t.batchId, t.seq, t.at),
    i.index('serial_opens_company_at_idx').on(t.companyId, t.at),
    i.index('serial_opens_at_idx').on(t.at),
  ],
);

/** A shopper's report of a suspected fake: the shop, a photo, a note; the serial when it was one issued. */
export const serialReports = defineTable(
  'serial_reports',
  (c) => ({
    id: c.id(),
    companyId: c
      .int('company_id')
      .notNull()
      .references(() => c.of(companies).id, { onDelete: 'cascade' }),
    /** The item when the serial was one issued (its batch and seq, decision 214); null otherwise. */
    batchId: c.int('batch_id').references(() => c.of(serialBatches).id, { onDelete: 'set null' }),
    seq: c.int('seq'),
    /** The code as the shopper's page had it (a serial not issued is still worth the company's eye). */
    serialText: c.text('serial_text').notNull(),
    shopName: c.text('shop_name').notNull(),
    /** The stored photo's address (/uploads/…), checked by its bytes; null without one. */
    photo: c.text('photo'),
    province: c.text('province'),
    provinceApproximate: c.bool('province_approximate').notNull().default(true),
    note: c.text('note').notNull().default(''),
    createdAt: c.createdAt(),
  }),
  (t, i) => [i.index('serial_reports_company_created_idx').on(t.companyId, t.createdAt)],
);

/** A company's settings for its serials: the count past which an item is suspect (default 5). */
export const serialSettings = defineTable(
  'serial_settings',
  (c) => ({
    id: c.id(),
    companyId: c
      .int('company_id')
      .notNull()
      .references(() => c.of(companies).id, { onDelete: 'cascade' }),
    suspectThreshold: c.int('suspect_threshold').notNull().default(5),
    updatedAt: c.updatedAt(),
  }),
  (t, i) => [i.uniqueIndex('serial_settings_company_unique').on(t.companyId)],
);
