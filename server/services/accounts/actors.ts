import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/**
 * The user row every signed-in request reads (id, role, company, status, token version, deletion):
 * prepared once per app on first use (AppDeps.actors), not built per request.
 */
export type ActorLookup = (id: number) => Promise<ActorRow | undefined>;
export type ActorRow = Awaited<ReturnType<ReturnType<typeof prepare>['execute']>>[number];

function prepare(db: Db) {
  const { users } = db.tables;
  return db
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

export function createActorLookup(db: Db): ActorLookup {
  let query: ReturnType<typeof prepare> | undefined;
  return async (id) => {
    query ??= prepare(db);
    const [row] = await query.execute({ id });
    return row;
  };
}
