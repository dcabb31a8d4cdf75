import { integer } from 'drizzle-orm/sqlite-core';

/** Times are stored as integer milliseconds since the epoch and read back as Date. */
export const timestamp = (name: string) => integer(name, { mode: 'timestamp_ms' });
export const createdAt = () =>
  timestamp('created_at')
    .notNull()
    .$defaultFn(() => new Date());
export const updatedAt = () =>
  timestamp('updated_at')
    .notNull()
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());
