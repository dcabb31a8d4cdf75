import type { AppDeps } from '#server/deps.ts';
import { databaseUnavailable } from '#server/db/errors.ts';
import { AppError } from '#server/errors.ts';
import type { Actor, RequestInfo } from '#server/services/actor.ts';
import { vi } from '#shared/i18n/vi/index.ts';

// Domain types: services take them without knowing the transport (server/services/actor.ts).
export type { Actor, RequestInfo };

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

/** Loads the user a verified token names, refusing revoked, disabled, deleted and pending accounts. */
export async function actorFromToken(deps: AppDeps, token: string): Promise<Actor> {
  const claims = await deps.tokens.verify(token);
  if (!claims) throw new AppError('UNAUTHORIZED', vi.errors.invalidToken);
  const row = await deps.actors(Number(claims.sub));
  if (!row) throw new AppError('GONE');
  if (row.deletedAt || row.status === 'DISABLED') throw new AppError('GONE');
  if (row.tokenVersion !== claims.ver) throw new AppError('UNAUTHORIZED', vi.errors.invalidToken);
  if (row.status === 'PENDING') throw new AppError('PRECONDITION_FAILED');
  const { deletedAt: _deleted, ...actor } = row;
  return actor;
}

/** From the Authorization header. A missing header is simply a visitor; a bad one is remembered. */
export async function createContext(
  deps: AppDeps,
  authorization: string | undefined,
  req: RequestInfo,
): Promise<Context> {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) return createContextInner(deps, null, req);
  try {
    return createContextInner(deps, await actorFromToken(deps, match[1]), req);
  } catch (err) {
    // A lost database is the reason too: what needs the user answers 503, what is public goes on.
    const refused = err instanceof AppError ? err : databaseUnavailable(err);
    if (refused) return createContextInner(deps, null, req, refused);
    throw err;
  }
}
