import { inArray } from 'drizzle-orm';
import { chunked, LOOKUP_CHUNK } from '#server/db/chunks.ts';
import type { Executor } from '#server/db/client.ts';
import { type Reach, reachLots, type TraceDirection } from '#server/db/lot-graph.ts';
import { lotInputs, partners } from '#server/db/schema/index.ts';
import type { AppDeps } from '#server/deps.ts';
import { requireLotInScope } from '#server/services/lots/read.ts';
import type { CompanyScope } from '#server/services/products/scope.ts';
import { TRACE_MAX_DEPTH, TRACE_MAX_LOTS } from '#shared/supply-chain.ts';
import { type LotFact, lotFacts, lotSummary } from './lot-facts.ts';
import { type MovementAnswer, movementsOf } from './movements.ts';
import { toPartner } from './partners.ts';

/** The walk's rows may repeat a lot at several depths (decision 202): room for that, still bounded. */
const TRACE_MAX_ROWS = TRACE_MAX_LOTS * 4;

/**
 * The lots reached from `lotId` in `direction`, of the lot's own company only (a link to another company's
 * lot cannot be saved; one written behind the app's back is not followed into it), with their facts.
 */
export async function reachedLots(db: Executor, companyId: number, lotId: number, direction: TraceDirection) {
  const reach: Reach = await reachLots(db, lotId, direction, {
    maxDepth: TRACE_MAX_DEPTH,
    maxLots: TRACE_MAX_LOTS,
    maxRows: TRACE_MAX_ROWS,
  });
  const facts = await lotFacts(
    db,
    reach.lots.map((l) => l.lotId),
  );
  const lots = reach.lots.flatMap((l) => {
    const fact = facts.get(l.lotId);
    return fact && fact.companyId === companyId ? [{ fact, depth: l.depth }] : [];
  });
  return { lots, truncated: reach.truncated };
}

/** The "made from" links between reached lots: `lotId` was made from `inputLotId`. */
async function linksAmong(db: Executor, ids: Set<number>) {
  const links: { lotId: number; inputLotId: number; quantity: string; unit: string }[] = [];
  for (const slice of chunked([...ids], LOOKUP_CHUNK)) {
    const rows = await db
      .select({
        lotId: lotInputs.lotId,
        inputLotId: lotInputs.inputLotId,
        quantity: lotInputs.quantity,
        unit: lotInputs.unit,
      })
      .from(lotInputs)
      .where(inArray(lotInputs.lotId, slice));
    for (const r of rows) if (ids.has(r.inputLotId)) links.push(r);
  }
  return links;
}

/** The partners named by some movements, with their contacts. */
export async function partnersOf(db: Executor, movements: MovementAnswer[]) {
  const found: ReturnType<typeof toPartner>[] = [];
  for (const slice of chunked([...new Set(movements.map((mv) => mv.partnerId))], LOOKUP_CHUNK)) {
    const rows = await db.select().from(partners).where(inArray(partners.id, slice));
    found.push(...rows.map(toPartner));
  }
  return found.sort((a, b) => a.name.localeCompare(b.name, 'vi'));
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
    links: await linksAmong(deps.db, ids),
    movements,
    partners: await partnersOf(deps.db, movements),
    truncated: reached.truncated,
  };
}
