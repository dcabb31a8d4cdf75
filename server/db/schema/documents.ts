import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { DOCUMENT_KEYS } from '#shared/constants.ts';
import { createdAt, updatedAt } from './columns.ts';

/** Site content: the ordered sections of the home page ('traceability') and the terms. */
export const documents = sqliteTable(
  'documents',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key', { enum: DOCUMENT_KEYS }).notNull(),
    position: integer('position').notNull().default(0),
    title: text('title').notNull().default(''),
    subtitle: text('subtitle').notNull().default(''),
    /** Rich text, cleaned to an allow-list before it is stored. */
    body: text('body').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('documents_key_idx').on(t.key, t.position)],
);
