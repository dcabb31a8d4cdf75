import { vi } from '#shared/i18n/vi/index.ts';
import { type RestRoute, route } from './adapter.ts';

/** /api/auth/...: the accounts paths (decision 005). */
export const authRoutes: RestRoute[] = [
  route({
    method: 'post',
    path: '/auth/register',
    status: 201,
    message: vi.api.registered,
    input: (r) => r.json(),
    call: (c, i) => c.auth.register(i),
  }),
  route({
    method: 'post',
    path: '/auth/resend-verify-code',
    message: vi.api.codeSent,
    input: (r) => r.json(),
    call: (c, i) => c.auth.resendVerifyCode(i),
  }),
  route({
    method: 'post',
    path: '/auth/verify-email',
    message: vi.api.verified,
    input: (r) => r.json(),
    call: (c, i) => c.auth.verifyEmail(i),
  }),
  // The member mark (decision 209): after sign-in and when the app opens signed in; dropped at sign-out.
  route({
    method: 'post',
    path: '/auth/member-cookie',
    answer: 'memberMark',
    call: (c) => c.auth.memberMark(),
  }),
  route({
    method: 'delete',
    path: '/auth/member-cookie',
    answer: 'memberMark',
    call: (c) => c.auth.dropMemberMark(),
  }),
  route({
    method: 'post',
    path: '/auth/login',
    message: vi.api.loggedIn,
    input: (r) => r.json(),
    call: (c, i) => c.auth.login(i),
  }),
  route({
    method: 'post',
    path: '/auth/forgot-password',
    message: vi.api.resetMailSent,
    input: (r) => r.json(),
    call: (c, i) => c.auth.forgotPassword(i),
  }),
  route({
    method: 'post',
    path: '/auth/verify-reset-password',
    message: vi.api.resetTokenOk,
    input: (r) => r.json(),
    call: (c, i) => c.auth.verifyResetPassword(i),
  }),
  route({
    method: 'post',
    path: '/auth/reset-password',
    message: vi.api.passwordReset,
    input: (r) => r.json(),
    call: (c, i) => c.auth.resetPassword(i),
  }),
  route({
    method: 'post',
    path: '/auth/verify-old-password',
    message: vi.api.passwordOk,
    input: (r) => r.json(),
    call: (c, i) => c.auth.verifyOldPassword(i),
  }),
  route({
    method: 'post',
    path: '/auth/change-password',
    message: vi.api.passwordChanged,
    input: (r) => r.json(),
    call: (c, i) => c.auth.changePassword(i),
  }),
  route({ method: 'get', path: '/auth/me', call: (c) => c.auth.me() }),
  route({
    method: 'patch',
    path: '/auth/me',
    message: vi.api.updated,
    input: (r) => r.json(),
    call: (c, i) => c.auth.updateMe(i),
  }),
  route({
    method: 'patch',
    path: '/auth/company',
    message: vi.api.updated,
    input: (r) => r.json(),
    call: (c, i) => c.auth.updateCompany(i),
  }),
];
