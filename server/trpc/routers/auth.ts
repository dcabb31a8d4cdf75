import { signMemberMark } from '#server/auth/member-mark.ts';
import { AppError } from '#server/errors.ts';
import { login } from '#server/services/accounts/login.ts';
import {
  changePassword,
  forgotPassword,
  resetPassword,
  verifyOldPassword,
  verifyResetPassword,
} from '#server/services/accounts/passwords.ts';
import { me, updateMe, updateOwnCompany } from '#server/services/accounts/profile.ts';
import { register, resendVerifyCode, verifyEmail } from '#server/services/accounts/register.ts';
import { companyProcedure, protectedProcedure, publicProcedure, router } from '#server/trpc/init.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import {
  changePasswordInput,
  emailOnlyInput,
  loginInput,
  registerInput,
  resetPasswordInput,
  resetTokenInput,
  updateCompanyInput,
  updateMeInput,
  verifyEmailInput,
  verifyOldPasswordInput,
} from '#shared/schemas/auth.ts';

export const authRouter = router({
  register: publicProcedure.input(registerInput).mutation(({ ctx, input }) => register(ctx, input)),
  resendVerifyCode: publicProcedure
    .input(emailOnlyInput)
    .mutation(({ ctx, input }) => resendVerifyCode(ctx, input.email)),
  verifyEmail: publicProcedure
    .input(verifyEmailInput)
    .mutation(({ ctx, input }) => verifyEmail(ctx, input.email, input.code)),
  login: publicProcedure
    .input(loginInput)
    .mutation(({ ctx, input }) => login(ctx, input.email, input.password)),
  forgotPassword: publicProcedure
    .input(emailOnlyInput)
    .mutation(({ ctx, input }) => forgotPassword(ctx, input.email)),
  verifyResetPassword: publicProcedure
    .input(resetTokenInput)
    .mutation(({ ctx, input }) => verifyResetPassword(ctx, input.token)),
  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .mutation(({ ctx, input }) => resetPassword(ctx, input.token, input.password)),
  verifyOldPassword: protectedProcedure
    .input(verifyOldPasswordInput)
    .mutation(({ ctx, input }) => verifyOldPassword(ctx, ctx.user, input.password)),
  changePassword: protectedProcedure
    .input(changePasswordInput)
    .mutation(({ ctx, input }) => changePassword(ctx, ctx.user, input.oldPassword, input.newPassword)),
  me: protectedProcedure.query(({ ctx }) => me(ctx, ctx.user)),
  /** The signed member mark the browser keeps, so the member's own opens of an item are not counted (decision 209). */
  memberMark: protectedProcedure.mutation(({ ctx }) => signMemberMark(ctx, ctx.user)),
  /** No mark: what sign-out keeps (an expired cookie). */
  dropMemberMark: publicProcedure.mutation(() => ({ mark: null, maxAgeSeconds: 0 })),
  updateMe: protectedProcedure
    .input(updateMeInput)
    .mutation(({ ctx, input }) => updateMe(ctx, ctx.user, input)),
  /** The caller's own company; a SUPER_ADMIN has none to edit here. */
  updateCompany: companyProcedure('manage', 'Manage')
    .input(updateCompanyInput)
    .mutation(({ ctx, input }) => {
      if (ctx.companyId === null) throw new AppError('FORBIDDEN', vi.errors.noCompany);
      return updateOwnCompany(ctx, ctx.companyId, input);
    }),
});
