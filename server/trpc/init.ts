import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { vi } from '#shared/i18n/vi/index.ts';
import { type Action, roleCan, type Subject } from '#shared/permissions.ts';
import { databaseUnavailable } from '#server/db/errors.ts';
import { AppError, ERROR_TABLE, storageFullError } from '#server/errors.ts';
import { isDiskFull } from '#server/lib/disk-full.ts';
import type { Actor, Context } from './context.ts';
import { zodFieldErrors } from './zod-errors.ts';

const t = initTRPC.context<Context>().create({
  isDev: false,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const app = cause instanceof AppError ? cause : null;
    const zod = cause instanceof ZodError ? cause : null;
    const internal = error.code === 'INTERNAL_SERVER_ERROR' && !app;
    return {
      ...shape,
      // Never a stack trace or an SQL error to a client.
      message: internal ? vi.errors.internal : zod ? vi.errors.validation : error.message,
      data: {
        code: shape.data.code,
        httpStatus: app ? app.status : shape.data.httpStatus,
        appCode: app?.code ?? null,
        fields: app?.fields ?? (zod ? zodFieldErrors(zod) : null),
      },
    };
  },
});

/**
 * Turns the AppErrors services throw into TRPCErrors with the table's code, keeping the AppError as cause;
 * a lost database connection into its 503 (server/db/errors.ts), for tRPC and REST alike; and a write the
 * disk had no room for into the table's STORAGE_FULL (503 and Retry-After), telling the disk watch, which
 * logs it once in a while instead of a stack per request.
 */
const errorMapping = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) return result;
  let app =
    result.error.cause instanceof AppError ? result.error.cause : databaseUnavailable(result.error.cause);
  if (!app && isDiskFull(result.error.cause)) {
    ctx.disk.sawFull('request');
    app = storageFullError();
  }
  if (app) throw new TRPCError({ code: ERROR_TABLE[app.code].trpc, message: app.message, cause: app });
  return result;
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const mergeRouters = t.mergeRouters;

export const publicProcedure = t.procedure.use(errorMapping);

/** Signed in; `ctx.user` is non-null. A missing or bad token is 401 (410/412 for gone or pending accounts). */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw ctx.authError ?? new AppError('UNAUTHORIZED');
  return next({ ctx: { ...ctx, user: ctx.user as Actor } });
});

/** Signed in, and the permission table lets the role do `action` on `subject`; otherwise 403. */
export const can = (action: Action, subject: Subject) =>
  protectedProcedure.use(({ ctx, next }) => {
    if (!roleCan(ctx.user.role, action, subject)) {
      ctx.logger.warn(
        { event: 'authz.refused', requestId: ctx.req.requestId, userId: ctx.user.id, action, subject },
        'authorization refused',
      );
      throw new AppError('FORBIDDEN');
    }
    return next();
  });

/**
 * Like `can`, and pins the company the caller works in: its own for company roles; `null` (meaning
 * every company) for SUPER_ADMIN. Services must filter company-owned rows by `ctx.companyId` when it is set.
 *
 * One middleware doing what protectedProcedure, `can` and the pin do in turn, with the same checks in
 * the same order: every tRPC middleware level copies the call's options and context, which was a
 * tenth of a signed-in list request's CPU (decision 073). Only the keys that change are passed on;
 * tRPC merges them into the context.
 */
export const companyProcedure = (action: Action, subject: Subject) =>
  publicProcedure.use(({ ctx, next }) => {
    const user = ctx.user;
    if (!user) throw ctx.authError ?? new AppError('UNAUTHORIZED');
    if (!roleCan(user.role, action, subject)) {
      ctx.logger.warn(
        { event: 'authz.refused', requestId: ctx.req.requestId, userId: user.id, action, subject },
        'authorization refused',
      );
      throw new AppError('FORBIDDEN');
    }
    if (user.role === 'SUPER_ADMIN') return next({ ctx: { user, companyId: null as number | null } });
    if (user.companyId === null) throw new AppError('FORBIDDEN', vi.errors.noCompany);
    return next({ ctx: { user, companyId: user.companyId as number | null } });
  });
