import { DOCUMENT_KEYS } from '#shared/constants.ts';
import { defineTable } from './define.ts';

/** Site content: the ordered sections of the home page ('traceability') and the terms. */
export const documents = defineTable(
  'documents',
  (c) => ({
    id: c.id(),
    key: c.text('key', { enum: DOCUMENT_KEYS }).notNull(),
    position: c.int('position').notNull().default(0),
    title: c.text('title').notNull().default(''),
    subtitle: c.text('subtitle').notNull().default(''),
    /** Rich text, cleaned to an allow-list before it is stored. */
    body: c.text('body').notNull().default(''),
    version: c.int('version').notNull().default(1),
    createdAt: c.createdAt(),
    updatedAt: c.updatedAt(),
  }),
  (t, i) => [i.index('documents_key_idx').on(t.key, t.position)],
);
