import { countUsersByStatus, listUsers } from '#server/services/users/list.ts';
import {
  deleteUserPermanently,
  getUser,
  restoreUser,
  softDeleteUser,
  softDeleteUsers,
} from '#server/services/users/remove.ts';
import type { UserScope } from '#server/services/users/scope.ts';
import { createUser, updateUser } from '#server/services/users/write.ts';
import { companyProcedure, router } from '#server/trpc/init.ts';
import { publicUserSchema } from '#shared/schemas/auth.ts';
import {
  createUserInput,
  updateUserInput,
  userCountsOutput,
  userIdInput,
  userIdsInput,
  userListInput,
  userListOutput,
} from '#shared/schemas/users.ts';

/**
 * Account management: SUPER_ADMIN over every account, COMPANY_ADMIN over its own company's
 * (companyProcedure pins ctx.companyId; null means every company).
 */
const manageUsers = companyProcedure('manage', 'User');
const scopeOf = (ctx: { user: UserScope['actor']; companyId: number | null }): UserScope => ({
  actor: ctx.user,
  companyId: ctx.companyId,
});

export const usersRouter = router({
  list: manageUsers
    .input(userListInput)
    .output(userListOutput)
    .query(({ ctx, input }) => listUsers(ctx, scopeOf(ctx), input)),
  countStatus: manageUsers.output(userCountsOutput).query(({ ctx }) => countUsersByStatus(ctx, scopeOf(ctx))),
  byId: manageUsers
    .input(userIdInput)
    .output(publicUserSchema)
    .query(({ ctx, input }) => getUser(ctx, scopeOf(ctx), input.id)),
  create: manageUsers
    .input(createUserInput)
    .output(publicUserSchema)
    .mutation(({ ctx, input }) => createUser(ctx, scopeOf(ctx), input)),
  update: manageUsers
    .input(updateUserInput)
    .output(publicUserSchema)
    .mutation(({ ctx, input }) => updateUser(ctx, scopeOf(ctx), input)),
  delete: manageUsers
    .input(userIdInput)
    .output(publicUserSchema)
    .mutation(({ ctx, input }) => softDeleteUser(ctx, scopeOf(ctx), input.id)),
  deleteMany: manageUsers
    .input(userIdsInput)
    .mutation(({ ctx, input }) => softDeleteUsers(ctx, scopeOf(ctx), input.ids)),
  restore: manageUsers
    .input(userIdInput)
    .output(publicUserSchema)
    .mutation(({ ctx, input }) => restoreUser(ctx, scopeOf(ctx), input.id)),
  deletePermanently: manageUsers
    .input(userIdInput)
    .mutation(({ ctx, input }) => deleteUserPermanently(ctx, scopeOf(ctx), input.id)),
});
