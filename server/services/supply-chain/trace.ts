import { asc } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { inIds, type Reach, reachLots, type TraceDirection } from '#server/db/lot-graph.ts';
import type { AppDeps } from '#server/deps.ts';
import { requireLotInScope } from '#server/services/lots/read.ts';
import type { CompanyScope } from '#server/services/products/scope.ts';
import { TRACE_MAX_DEPTH, TRACE_MAX_LOTS } from '#shared/supply-chain.ts';
import { type LotFact, lotSummary } from './lot-facts.ts';
import { type MovementAnswer, movementsOf } from './movements.ts';
import { toPartner } from './partners.ts';

/** The walk's rows may repeat a lot at several depths (decision 202): room for that, still bounded. */
const TRACE_MAX_ROWS = TRACE_MAX_LOTS * 4;

/**
 * The lots reached from `lotId` in `direction`, of the lot's own company only (a link to another company's
 * lot cannot be saved; one written behind the app's back is not followed into it), with their facts.
 */
export async function reachedLots(db: Executor, companyId: number, lotId: number, direction: TraceDirection) {
  const reach: Reach = await reachLots(db, companyId, lotId, direction, {
    maxDepth: TRACE_MAX_DEPTH,
    maxLots: TRACE_MAX_LOTS,
    maxRows: TRACE_MAX_ROWS,
  });
  const lots = reach.lots.map((l) => ({ fact: { ...l, id: l.lotId } as LotFact, depth: l.depth }));
  return { lots, truncated: reach.truncated };
}

/**
 * The "made from" links between reached lots: `lotId` was made from `inputLotId`. Looked up by the end the
 * walk came from (every link out of a reached lot in the walk's direction leads to a reached lot, unless
 * cut by the bounds); a second `IN` on the other end made SQLite pair the two lists.
 */
async function linksAmong(db: Executor, ids: Set<number>, direction: TraceDirection) {
  const { lotInputs } = db.tables;
  if (!ids.size) return [];
  const rows = await db
    .select({
      lotId: lotInputs.lotId,
      inputLotId: lotInputs.inputLotId,
      quantity: lotInputs.quantity,
      unit: lotInputs.unit,
    })
    .from(lotInputs)
    .where(inIds(direction === 'backward' ? lotInputs.lotId : lotInputs.inputLotId, [...ids]))
    .orderBy(asc(lotInputs.id));
  return rows.filter((r) => ids.has(r.lotId) && ids.has(r.inputLotId));
}

/** The partners named by some movements, with their contacts. */
export async function partnersOf(db: Executor, movements: MovementAnswer[]) {
  const { partners } = db.tables;
  const ids = [...new Set(movements.map((mv) => mv.partnerId))];
  if (!ids.length) return [];
  const rows = await db.select().from(partners).where(inIds(partners.id, ids));
  return rows.map(toPartner).sort((a, b) => a.name.localeCompare(b.name, 'vi'));
}

const withDepth = (l: { fact: LotFact; depth: number }) => ({ ...lotSummary(l.fact), depth: l.depth });

/**
 * GET /lots/{id}/trace?direction=backward|forward: the lots reached with their depth, the links between
 * them, and one step further out: the receipts from suppliers of every lot reached backward, the shipments
 * to customers of every lot reached forward, with those partners (decision 202).
 */
export async function traceLot(deps: AppDeps, scope: CompanyScope, lotId: number, direction: TraceDirection) {
  const lot = await requireLotInScope(deps.db, scope, lotId);
  const reached = await reachedLots(deps.db, lot.companyId, lot.id, direction);
  const ids = new Set(reached.lots.map((l) => l.fact.id));
  const movements = await movementsOf(deps.db, direction === 'backward' ? 'receipt' : 'shipment', [...ids]);
  return {
    lotId: lot.id,
    direction,
    lots: reached.lots.map(withDepth),
    links: await linksAmong(deps.db, ids, direction),
    movements,
    partners: await partnersOf(deps.db, movements),
    truncated: reached.truncated,
  };
}
