import { initTRPC, TRPCError } from '@trpc/server';
import { databaseUnavailable } from '#server/db/errors.ts';
import type { Actor, Context } from '#server/edge/context.ts';
import { trpcErrorShape } from '#server/edge/envelope.ts';
import { AppError, ERROR_TABLE, storageFullError } from '#server/errors.ts';
import { isDiskFull } from '#server/lib/disk-full.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { type Action, roleCan, type Subject } from '#shared/permissions.ts';
import { tooWide } from './input-width.ts';

const t = initTRPC.context<Context>().create({
  isDev: false,
  // tRPC's error envelope is written beside REST's (server/edge/envelope.ts).
  errorFormatter: trpcErrorShape,
});

/**
 * Every call: an input with an object of too many keys is refused before any schema reads it
 * (input-width.ts). Then the AppErrors services throw become TRPCErrors with the table's code, keeping
 * the AppError as cause; a lost database connection its 503 (server/db/errors.ts), for tRPC and REST
 * alike; and a write the disk had no room for the table's STORAGE_FULL (503 and Retry-After), telling the
 * disk watch, which logs it once in a while instead of a stack per request. One middleware for all of it:
 * each level costs every call (decision 073).
 */
const errorMapping = t.middleware(async ({ ctx, next, getRawInput }) => {
  // An input tRPC cannot read (malformed JSON) is left to tRPC's own error.
  const raw = await getRawInput().catch(() => undefined);
  let app: AppError | null | undefined = tooWide(raw);
  if (!app) {
    const result = await next();
    if (result.ok) return result;
    app =
      result.error.cause instanceof AppError ? result.error.cause : databaseUnavailable(result.error.cause);
    if (!app && isDiskFull(result.error.cause)) {
      ctx.disk.sawFull('request');
      app = storageFullError();
    }
    if (!app) return result;
  }
  throw new TRPCError({ code: ERROR_TABLE[app.code].trpc, message: app.message, cause: app });
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
