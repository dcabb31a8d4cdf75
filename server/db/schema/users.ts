import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { USER_STATUSES } from '#shared/constants.ts';
import { ROLES } from '#shared/permissions.ts';
import { createdAt, timestamp, updatedAt } from './columns.ts';
import { companies } from './companies.ts';

export const users = sqliteTable(
  'users',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    /** vietnameseSortKey(name) (shared/sort-key.ts, decision 085): the list's sort by name. */
    nameSort: text('name_sort').notNull().default(''),
    /** Always stored lower-cased, so the unique index is case-insensitive in effect. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status', { enum: USER_STATUSES }).notNull().default('PENDING'),
    role: text('role', { enum: ROLES }).notNull().default('GUEST'),
    avatar: text('avatar'),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'set null' }),
    phoneNumber: text('phone_number'),
    username: text('username'),
    /** Bumped by a password change or reset, a disable or a delete: older tokens stop working. */
    tokenVersion: integer('token_version').notNull().default(0),
    /**
     * The last addresses the account signed in from, as keyed hashes, newest first, space-separated
     * (server/services/accounts/known-addresses.ts, decision 173): the owner there is served first when
     * strangers fill the hashing queue. Never leaves the server.
     */
    signInAddresses: text('sign_in_addresses'),
    /** When an administrator invited the person by mail (decision 087); PENDING until they set a password. */
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

/** 6-digit e-mail verification codes, stored as hashes. */
export const emailVerificationCodes = sqliteTable(
  'email_verification_codes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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

/** Single-use password-reset tokens, stored as SHA-256 hashes of the mailed token. */
export const passwordResetTokens = sqliteTable(
  'password_reset_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
