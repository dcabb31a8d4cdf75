import { databaseUnavailable } from '#server/db/errors.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/services/actor.ts';
import { vi } from '#shared/i18n/vi/index.ts';

/** Who a request's Authorization header names: the user, or why the token it carried was refused. */
export interface Caller {
  user: Actor | null;
  /** Why a token that was sent was refused (401/410/412, or 503 for a lost database); null for a visitor. */
  authError: AppError | null;
}

const VISITOR: Caller = { user: null, authError: null };

/** Loads the user a verified token names, refusing revoked, disabled, deleted and pending accounts. */
export async function actorFromToken(
  deps: Pick<AppDeps, 'tokens' | 'actors'>,
  token: string,
): Promise<Actor> {
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

/**
 * The one place a request's token becomes an actor: every adapter (tRPC, REST, the public routes) calls
 * it with the Authorization header it received. A missing header is simply a visitor; a bad one is
 * remembered, so that what needs the user refuses with its reason while what is public goes on.
 */
export async function callerFromAuthorization(
  deps: Pick<AppDeps, 'tokens' | 'actors'>,
  authorization: string | undefined,
): Promise<Caller> {
  const match = authorization?.match(/^Bearer\s+(\S+)$/i);
  if (!match?.[1]) return VISITOR;
  try {
    return { user: await actorFromToken(deps, match[1]), authError: null };
  } catch (err) {
    // A lost database is the reason too: what needs the user answers 503, what is public goes on.
    const refused = err instanceof AppError ? err : databaseUnavailable(err);
    if (refused) return { user: null, authError: refused };
    throw err;
  }
}
