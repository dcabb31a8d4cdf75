import type { Context as HonoContext } from 'hono';
import { callerFromAuthorization } from '#server/auth/actor.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AppError } from '#server/errors.ts';
import type { Actor, RequestInfo } from '#server/services/actor.ts';
import { requestInfo } from './request-info.ts';

// Domain types: services take them without knowing the transport (server/services/actor.ts).
export type { Actor, RequestInfo };

/**
 * What a call carries into the procedures, whichever adapter received it (tRPC, a REST path, a public
 * route): the app's state, who is calling and from where.
 */
export interface Context extends AppDeps {
  user: Actor | null;
  /** Why a token that was sent was refused (401/410/412); only protected procedures throw it. */
  authError: AppError | null;
  req: RequestInfo;
}

const NO_REQUEST: RequestInfo = { ip: '127.0.0.1', userAgent: '', requestId: 'internal' };

/** Pure: tests build a context with any user directly. */
export function createContextInner(
  deps: AppDeps,
  user: Actor | null = null,
  req: RequestInfo = NO_REQUEST,
  authError: AppError | null = null,
): Context {
  return { ...deps, user, authError, req };
}

/** From the Authorization header, through the one actor-from-token check (server/auth/actor.ts). */
export async function createContext(
  deps: AppDeps,
  authorization: string | undefined,
  req: RequestInfo,
): Promise<Context> {
  const { user, authError } = await callerFromAuthorization(deps, authorization);
  return createContextInner(deps, user, req, authError);
}

/** The context of a request as the app's adapters receive it (Hono's). */
export function requestContext(deps: AppDeps, c: HonoContext): Promise<Context> {
  return createContext(deps, c.req.header('authorization'), requestInfo(c, deps.settings));
}
