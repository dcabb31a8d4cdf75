import { and, asc, eq, ne, type SQL } from 'drizzle-orm';
import { foldedContains } from '#server/db/search.ts';
import type { AppDeps } from '#server/deps.ts';
import { getLot, requireLotInScope } from '#server/services/lots/read.ts';
import type { CompanyScope } from '#server/services/products/scope.ts';
import { inputsOf, usedInOf } from './inputs.ts';
import { lotFactColumns, lotSummary } from './lot-facts.ts';
import { balanceOf, movementsOf } from './movements.ts';
import { reachedLots } from './trace.ts';

/**
 * The recalled lots this lot was made from, directly or not (decision 202): what the lot page's "made from a
 * recalled batch" says, with each one's reason.
 */
export async function recalledAncestors(deps: AppDeps, lot: { id: number; companyId: number }) {
  const reached = await reachedLots(deps.db, lot.companyId, lot.id, 'backward');
  return reached.lots
    .filter((l) => l.depth > 0 && l.fact.recalledAt)
    .map((l) => ({
      ...lotSummary(l.fact),
      depth: l.depth,
      recalledAt: l.fact.recalledAt?.toISOString() ?? null,
    }));
}

/**
 * GET /lots/{id}/supply-chain: what the workspace's lot page shows at once: the lot with its status, its
 * receipts, the lots it was made from and was used in, its shipments, its mass balance, and the recalled
 * lots upstream of it.
 */
export async function lotSupplyChain(deps: AppDeps, scope: CompanyScope, lotId: number) {
  const row = await requireLotInScope(deps.db, scope, lotId);
  return {
    lot: await getLot(deps, scope, row.id),
    receipts: await movementsOf(deps.db, 'receipt', [row.id]),
    inputs: await inputsOf(deps.db, row.id),
    usedIn: await usedInOf(deps.db, row.id),
    shipments: await movementsOf(deps.db, 'shipment', [row.id]),
    balance: await balanceOf(deps.db, row),
    recalledInputs: await recalledAncestors(deps, row),
  };
}

/**
 * Lots to pick as an input of `lotId`: of its company, itself left out, by lot code or product name (marks
 * ignored), in code order, at most 20.
 */
export async function searchLots(deps: AppDeps, scope: CompanyScope, input: { lotId: number; q: string }) {
  const { lots, products } = deps.db.tables;
  const lot = await requireLotInScope(deps.db, scope, input.lotId);
  const conditions: (SQL | undefined)[] = [
    eq(lots.companyId, lot.companyId),
    ne(lots.id, lot.id),
    input.q ? foldedContains(deps.store, [lots.code, products.name], input.q) : undefined,
  ];
  const rows = await deps.db
    .select(lotFactColumns(deps.db.tables))
    .from(lots)
    .innerJoin(products, eq(products.id, lots.productId))
    .where(and(...conditions))
    .orderBy(asc(lots.code), asc(lots.id))
    .limit(20);
  return rows.map(lotSummary);
}
