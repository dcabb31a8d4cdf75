import { z } from 'zod';
import { MAX_PAGE_SIZE, USER_PAGE_SIZE, USER_STATUSES } from '#shared/constants.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { ROLES } from '#shared/permissions.ts';
import { publicUserSchema } from './auth.ts';
import {
  emailSchema,
  idSchema,
  passwordSchema,
  phoneSchema,
  sortOrderSchema,
  text,
  usernameSchema,
} from './common.ts';

/** Sortable columns of the user list; `displayName` (the list's default order) sorts by name. */
export const USER_SORT_FIELDS = [
  'displayName',
  'name',
  'email',
  'createdAt',
  'updatedAt',
  'role',
  'status',
] as const;
export type UserSortField = (typeof USER_SORT_FIELDS)[number];

/** The list's status filter: an account status, or DELETED for soft-deleted accounts. */
export const USER_LIST_STATUSES = [...USER_STATUSES, 'DELETED'] as const;

/** Roles an administrator can give an account (GUEST is the signed-out visitor, never an account). */
export const assignableRoleSchema = z.enum(ROLES).exclude(['GUEST']);

export const userListInput = z.strictObject({
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(USER_PAGE_SIZE),
  sortField: z.enum(USER_SORT_FIELDS).default('displayName'),
  sortOrder: sortOrderSchema.default('asc'),
  /** Matches name, e-mail or username, ignoring case and Vietnamese marks. */
  searchName: z.string().trim().max(100, vi.validation.tooLong(100)).optional(),
  status: z.enum(USER_LIST_STATUSES).optional(),
  /** SUPER_ADMIN only: one company's accounts. Ignored for a COMPANY_ADMIN, who sees its own company. */
  companyId: idSchema.optional(),
});
export type UserListInput = z.infer<typeof userListInput>;

/** Empty strings clear the optional text fields. */
const userFields = {
  name: text(100),
  email: emailSchema,
  password: passwordSchema,
  role: assignableRoleSchema,
  status: z.enum(USER_STATUSES).optional(),
  phoneNumber: phoneSchema.optional(),
  username: usernameSchema.optional(),
  /** SUPER_ADMIN only; a COMPANY_ADMIN's accounts always go to its own company. */
  companyId: idSchema.nullable().optional(),
};

/**
 * Without a password the person is invited: a mail with a single-use link to set their own (decision
 * 087). With one, the account is made as decision 010 says (API callers that hand passwords over).
 */
export const createUserInput = z.strictObject({ ...userFields, password: passwordSchema.optional() });
export type CreateUserInput = z.infer<typeof createUserInput>;

export const updateUserInput = z.strictObject({
  id: idSchema,
  name: userFields.name.optional(),
  email: userFields.email.optional(),
  password: userFields.password.optional(),
  role: userFields.role.optional(),
  status: userFields.status,
  phoneNumber: userFields.phoneNumber,
  username: userFields.username,
  companyId: userFields.companyId,
});
export type UpdateUserInput = z.infer<typeof updateUserInput>;

export const userIdInput = z.strictObject({ id: idSchema });
export const userIdsInput = z.strictObject({
  ids: z.array(idSchema).min(1, vi.validation.required).max(MAX_PAGE_SIZE),
});

/** A listed account carries its company's name, for a SUPER_ADMIN's company column. */
export const userListOutput = z.object({
  users: z.array(publicUserSchema.extend({ companyName: z.string().nullable() })),
  count: z.number(),
});
export const userCountsOutput = z.object({
  total: z.number(),
  totalActive: z.number(),
  totalPending: z.number(),
  totalDisabled: z.number(),
  totalDeleted: z.number(),
});
