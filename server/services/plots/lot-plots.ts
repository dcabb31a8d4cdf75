import { asc, eq } from 'drizzle-orm';
import { chunked, LOOKUP_CHUNK } from '#server/db/chunks.ts';
import type { Executor } from '#server/db/client.ts';
import { inIds, reachLots } from '#server/db/lot-graph.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { type LotRow, requireLotInScope } from '#server/services/lots/read.ts';
import type { CompanyScope } from '#server/services/products/scope.ts';
import { plots as plotMessages } from '#shared/i18n/vi/plots.ts';
import type { LotPlots, SetLotPlotsInput } from '#shared/schemas/plots.ts';
import { TRACE_MAX_DEPTH, TRACE_MAX_LOTS } from '#shared/supply-chain.ts';
import { type PlotRow, toPlotView } from './plots.ts';

const m = plotMessages;

/**
 * Links of a lot and the lots it was made from read at most: past any real lot's plots (a cooperative's
 * lot of some thousands of smallholders, mixed from many lots), and the answer says when it was cut.
 */
export const LOT_PLOT_LINKS_MAX = 100_000;

export interface PlotsOfLot {
  own: PlotRow[];
  /** Each plot once, by the nearest lot it came through; none of the lot's own plots. */
  inherited: { row: PlotRow; viaLotId: number; viaLotCode: string }[];
  truncated: boolean;
}

/**
 * A lot's plots: its own (lot_plots) and those of the lots it was made from, directly or not (lot_inputs),
 * walked backward by the trace's walk with the trace's bounds (decision 202), of the lot's company only.
 */
export async function plotsOfLot(db: Executor, lot: LotRow): Promise<PlotsOfLot> {
  const { lotPlots, plots } = db.tables;
  const reach = await reachLots(db, lot.companyId, lot.id, 'backward', {
    maxDepth: TRACE_MAX_DEPTH,
    maxLots: TRACE_MAX_LOTS,
    maxRows: TRACE_MAX_LOTS * 4,
  });
  // reachLots answers nearest first: the start itself (depth 0), then each depth in turn.
  const lots = reach.lots.length ? reach.lots : [{ lotId: lot.id, depth: 0, code: lot.code }];
  const byLot = new Map(lots.map((l) => [l.lotId, l]));
  const links = await db
    .select({ lotId: lotPlots.lotId, plotId: lotPlots.plotId })
    .from(lotPlots)
    .where(inIds(lotPlots.lotId, [...byLot.keys()]))
    .orderBy(asc(lotPlots.id))
    .limit(LOT_PLOT_LINKS_MAX + 1);
  const truncated = reach.truncated || links.length > LOT_PLOT_LINKS_MAX;
  // Each plot by the nearest lot it is linked to (the smallest depth; then the smallest lot id).
  const via = new Map<number, { lotId: number; depth: number }>();
  for (const link of links.slice(0, LOT_PLOT_LINKS_MAX)) {
    const depth = byLot.get(link.lotId)?.depth ?? Number.POSITIVE_INFINITY;
    const seen = via.get(link.plotId);
    if (!seen || depth < seen.depth || (depth === seen.depth && link.lotId < seen.lotId))
      via.set(link.plotId, { lotId: link.lotId, depth });
  }
  const rows: PlotRow[] = [];
  for (const ids of chunked([...via.keys()], LOOKUP_CHUNK * 10)) {
    // Of the lot's company only: a link written behind the app's back never shows another company's plot.
    const found = await db.select().from(plots).where(inIds(plots.id, ids));
    rows.push(...found.filter((r) => r.companyId === lot.companyId));
  }
  rows.sort((a, b) => (a.nameSort < b.nameSort ? -1 : a.nameSort > b.nameSort ? 1 : a.id - b.id));
  const own: PlotRow[] = [];
  const inherited: PlotsOfLot['inherited'] = [];
  for (const row of rows) {
    const v = via.get(row.id) as { lotId: number; depth: number };
    if (v.depth === 0) own.push(row);
    else inherited.push({ row, viaLotId: v.lotId, viaLotCode: byLot.get(v.lotId)?.code ?? '' });
  }
  return { own, inherited, truncated };
}

function answer(lotId: number, found: PlotsOfLot): LotPlots {
  return {
    lotId,
    plots: found.own.map(toPlotView),
    inherited: found.inherited.map((i) => ({
      plot: toPlotView(i.row),
      viaLotId: i.viaLotId,
      viaLotCode: i.viaLotCode,
    })),
    truncated: found.truncated,
  };
}

/** GET /lots/{id}/plots: the lot's own plots and those it inherits from the lots it was made from. */
export async function getLotPlots(deps: AppDeps, scope: CompanyScope, lotId: number): Promise<LotPlots> {
  const lot = await requireLotInScope(deps.db, scope, lotId);
  return answer(lot.id, await plotsOfLot(deps.db, lot));
}

/**
 * PUT /lots/{id}/plots: the lot's own plots, all of them. Every plot must be of the lot's company (another
 * company's answers as a missing one, 404). The lot's row is written first, in the same transaction, so
 * two replacements of one lot's list run one after the other and the last one is the list.
 */
export async function setLotPlots(
  deps: AppDeps,
  scope: CompanyScope,
  input: SetLotPlotsInput,
): Promise<LotPlots> {
  const ids = [...new Set(input.plotIds)];
  const lot = await transaction(deps.db, async (tx) => {
    const { lotPlots, lots, plots } = tx.tables;
    const lot = await requireLotInScope(tx, scope, input.lotId);
    await tx.update(lots).set({ updatedAt: new Date() }).where(eq(lots.id, lot.id));
    let found = 0;
    for (const slice of chunked(ids, LOOKUP_CHUNK * 10)) {
      const rows = await tx
        .select({ id: plots.id, companyId: plots.companyId })
        .from(plots)
        .where(inIds(plots.id, slice));
      found += rows.filter((r) => r.companyId === lot.companyId).length;
    }
    if (found !== ids.length) {
      const message = m.lotPlotMissing(ids.length - found);
      throw new AppError('NOT_FOUND', message, { fields: { plotIds: message } });
    }
    await tx.delete(lotPlots).where(eq(lotPlots.lotId, lot.id));
    for (const slice of chunked(ids, 300)) {
      await tx
        .insert(lotPlots)
        .values(slice.map((plotId) => ({ companyId: lot.companyId, lotId: lot.id, plotId })));
    }
    return lot;
  });
  return answer(lot.id, await plotsOfLot(deps.db, lot));
}
