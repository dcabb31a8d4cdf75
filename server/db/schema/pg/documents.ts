import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { DOCUMENT_KEYS } from '#shared/constants.ts';
import { createdAt, id, updatedAt } from './columns.ts';

/** ../documents.ts on PostgreSQL (decision 153). */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    key: text('key', { enum: DOCUMENT_KEYS }).notNull(),
    position: integer('position').notNull().default(0),
    title: text('title').notNull().default(''),
    subtitle: text('subtitle').notNull().default(''),
    body: text('body').notNull().default(''),
    version: integer('version').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('documents_key_idx').on(t.key, t.position)],
);
