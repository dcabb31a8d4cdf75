import { integer, timestamp as pgTimestamp } from 'drizzle-orm/pg-core';

/**
 * The PostgreSQL counterparts of ../columns.ts (decision 153): times are `timestamp with time zone` at
 * millisecond precision, read back as Date like SQLite's integer milliseconds, with the same JS defaults.
 */
export const timestamp = (name: string) =>
  pgTimestamp(name, { mode: 'date', precision: 3, withTimezone: true });
export const createdAt = () =>
  timestamp('created_at')
    .notNull()
    .$defaultFn(() => new Date());
export const updatedAt = () =>
  timestamp('updated_at')
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());
/** SQLite's `integer PRIMARY KEY AUTOINCREMENT`: an identity, by default so an explicit id is still accepted. */
export const id = () => integer('id').primaryKey().generatedByDefaultAsIdentity();
