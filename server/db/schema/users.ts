import { USER_STATUSES } from '#shared/constants.ts';
import { ROLES } from '#shared/permissions.ts';
import { companies } from './companies.ts';
import { defineTable } from './define.ts';

export const users = defineTable(
  'users',
  (c) => ({
    id: c.id(),
    name: c.text('name').notNull(),
    /** vietnameseSortKey(name) (shared/sort-key.ts, decision 085): the list's sort by name. */
    nameSort: c.text('name_sort').notNull().default(''),
    /** Always stored lower-cased, so the unique index is case-insensitive in effect. */
    email: c.text('email').notNull(),
    passwordHash: c.text('password_hash').notNull(),
    status: c.text('status', { enum: USER_STATUSES }).notNull().default('PENDING'),
    role: c.text('role', { enum: ROLES }).notNull().default('GUEST'),
    avatar: c.text('avatar'),
    companyId: c.int('company_id').references(() => c.of(companies).id, { onDelete: 'set null' }),
    phoneNumber: c.text('phone_number'),
    username: c.text('username'),
    /** Bumped by a password change or reset, a disable or a delete: older tokens stop working. */
    tokenVersion: c.int('token_version').notNull().default(0),
    /**
     * The last addresses the account signed in from, as keyed hashes, newest first, space-separated
     * (server/services/accounts/known-addresses.ts, decision 173): the owner there is served first when
     * strangers fill the hashing queue. Never leaves the server.
     */
    signInAddresses: c.text('sign_in_addresses'),
    /** When an administrator invited the person by mail (decision 087); PENDING until they set a password. */
    invitedAt: c.time('invited_at'),
    deletedAt: c.time('deleted_at'),
    createdAt: c.createdAt(),
    updatedAt: c.updatedAt(),
  }),
  (t, i) => [
    i.uniqueIndex('users_email_unique').on(t.email),
    i.uniqueIndex('users_username_unique').on(t.username),
    i.index('users_company_idx').on(t.companyId, t.deletedAt),
    i.index('users_role_idx').on(t.role),
    i.index('users_name_sort_idx').on(t.nameSort),
    i.index('users_company_name_sort_idx').on(t.companyId, t.nameSort),
  ],
);

/** 6-digit e-mail verification codes, stored as hashes. */
export const emailVerificationCodes = defineTable(
  'email_verification_codes',
  (c) => ({
    id: c.id(),
    userId: c
      .int('user_id')
      .notNull()
      .references(() => c.of(users).id, { onDelete: 'cascade' }),
    codeHash: c.text('code_hash').notNull(),
    attempts: c.int('attempts').notNull().default(0),
    expiresAt: c.time('expires_at').notNull(),
    consumedAt: c.time('consumed_at'),
    createdAt: c.createdAt(),
  }),
  (t, i) => [i.index('email_codes_user_idx').on(t.userId, t.createdAt)],
);

/** Single-use password-reset tokens, stored as SHA-256 hashes of the mailed token. */
export const passwordResetTokens = defineTable(
  'password_reset_tokens',
  (c) => ({
    id: c.id(),
    userId: c
      .int('user_id')
      .notNull()
      .references(() => c.of(users).id, { onDelete: 'cascade' }),
    tokenHash: c.text('token_hash').notNull(),
    expiresAt: c.time('expires_at').notNull(),
    usedAt: c.time('used_at'),
    createdAt: c.createdAt(),
  }),
  (t, i) => [
    i.uniqueIndex('reset_tokens_hash_unique').on(t.tokenHash),
    i.index('reset_tokens_user_idx').on(t.userId),
  ],
);
