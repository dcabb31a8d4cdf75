import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { USER_STATUSES } from '#shared/constants.ts';
import { ROLES } from '#shared/permissions.ts';
import { createdAt, id, timestamp, updatedAt } from './columns.ts';
import { companies } from './companies.ts';

/** ../users.ts on PostgreSQL (decision 153). */
export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    nameSort: text('name_sort').notNull().default(''),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: USER_STATUSES }).notNull().default('PENDING'),
    role: text('role', { enum: ROLES }).notNull().default('GUEST'),
    avatar: text('avatar'),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    phoneNumber: text('phone_number'),
    username: text('username'),
    tokenVersion: integer('token_version').notNull().default(0),
    signInAddresses: text('sign_in_addresses'),
    invitedAt: timestamp('invited_at'),
    deletedAt: timestamp('deleted_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    uniqueIndex('users_username_unique').on(t.username),
    index('users_company_idx').on(t.companyId, t.deletedAt),
    index('users_role_idx').on(t.role),
    index('users_name_sort_idx').on(t.nameSort),
    index('users_company_name_sort_idx').on(t.companyId, t.nameSort),
  ],
);

export const emailVerificationCodes = pgTable(
  'email_verification_codes',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at').notNull(),
    consumedAt: timestamp('consumed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('email_codes_user_idx').on(t.userId, t.createdAt)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at').notNull(),
    usedAt: timestamp('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reset_tokens_hash_unique').on(t.tokenHash),
    index('reset_tokens_user_idx').on(t.userId),
  ],
);
