import { eq, sql } from 'drizzle-orm';
import type { Role } from '#shared/permissions.ts';
import type { UserStatus } from '#shared/constants.ts';
import { verifyAccessToken } from '#server/auth/tokens.ts';
import { users } from '#server/db/schema/index.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';

/** The signed-in user as procedures see it: what authorization needs, nothing more. */
export interface Actor {
  id: number;
  role: Role;
  companyId: number | null;
  status: UserStatus;
  tokenVersion: number;
}

export interface RequestInfo {
  /** The client address (the socket's, or the trusted proxy's X-Forwarded-For). */
  ip: string;
  userAgent: string;
  requestId: string;
}

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

/** Every signed-in request runs this lookup: prepared once per database, not built per request. */
const actorQueries = new WeakMap<object, ReturnType<typeof prepareActorQuery>>();
function prepareActorQuery(deps: AppDeps) {
  return deps.db
    .select({
      id: users.id,
      role: users.role,
      companyId: users.companyId,
      status: users.status,
      tokenVersion: users.tokenVersion,
      deletedAt: users.deletedAt,
    })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare();
}
function actorQuery(deps: AppDeps) {
  let q = actorQueries.get(deps.db);
  if (!q) {
    q = prepareActorQuery(deps);
    actorQueries.set(deps.db, q);
  }
  return q;
}

/** Loads the user a verified token names, refusing revoked, disabled, deleted and pending accounts. */
export async function actorFromToken(deps: AppDeps, token: string): Promise<Actor> {
  const claims = await verifyAccessToken(token, deps.settings.jwtSecret);
  if (!claims) throw new AppError('UNAUTHORIZED', vi.errors.invalidToken);
  const row = actorQuery(deps).get({ id: Number(claims.sub) });
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
    if (err instanceof AppError) return createContextInner(deps, null, req, err);
    throw err;
  }
}
