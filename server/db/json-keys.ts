import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { DatabaseStore } from './store.ts';

/**
 * One key of a JSON object column set or removed by the UPDATE itself (decision 210), in each engine's
 * words: the database reads the column's current value as it writes it, so two writers of different keys
 * of one row (a row's English and Chinese translations saved at once) never lose each other's, on either
 * engine, without a read before the write. `key` is one of the app's own words (a language), never a
 * caller's text.
 */
export function jsonWithKey(store: DatabaseStore, column: SQLWrapper, key: string, value: unknown): SQL {
  const text = JSON.stringify(value);
  if (store.engine === 'sqlite') return sql`json_set(${column}, ${pathOf(key)}, json(${text}))`;
  return sql`(${column} || jsonb_build_object(${key}::text, ${text}::jsonb))`;
}

/** The column's object without `key` (the same object when it has none). */
export function jsonWithoutKey(store: DatabaseStore, column: SQLWrapper, key: string): SQL {
  if (store.engine === 'sqlite') return sql`json_remove(${column}, ${pathOf(key)})`;
  return sql`(${column} - ${key}::text)`;
}

/** SQLite's JSON path of an object's key, quoted: a language's key has a hyphen (`zh-Hans`). */
const pathOf = (key: string) => `$."${key.replaceAll('"', '')}"`;
