import { eudrCsv, eudrGeojson, getLotEudr, setLotEudr } from '#server/services/plots/eudr.ts';
import { importPlots } from '#server/services/plots/import.ts';
import { getLotPlots, setLotPlots } from '#server/services/plots/lot-plots.ts';
import { createPlot, deletePlot, getPlot, listPlots, updatePlot } from '#server/services/plots/plots.ts';
import { companyProcedure, router } from '#server/trpc/init.ts';
import {
  createPlotInput,
  type LotEudr,
  type LotPlots,
  lotPlotsInput,
  type PlotFileAnswer,
  type PlotImportResult,
  type PlotList,
  type PlotView,
  plotIdInput,
  plotImportInput,
  plotListInput,
  setLotEudrInput,
  setLotPlotsInput,
  updatePlotInput,
} from '#shared/schemas/plots.ts';

/** Plots are the company's product data: whoever manages its products manages them (as partners). */
const manage = companyProcedure('manage', 'Product');

/** Farm plots, a lot's plots and its EUDR files (issue 34, decisions 217-218). */
export const plotsRouter = router({
  list: manage
    .input(plotListInput)
    .query(({ ctx, input }): Promise<PlotList> => listPlots(ctx, ctx.companyId, input)),
  get: manage
    .input(plotIdInput)
    .query(({ ctx, input }): Promise<PlotView> => getPlot(ctx, ctx.companyId, input.id)),
  create: manage
    .input(createPlotInput)
    .mutation(({ ctx, input }): Promise<PlotView> => createPlot(ctx, ctx.companyId, input)),
  update: manage
    .input(updatePlotInput)
    .mutation(({ ctx, input }): Promise<PlotView> => updatePlot(ctx, ctx.companyId, input)),
  delete: manage
    .input(plotIdInput)
    .mutation(({ ctx, input }): Promise<{ id: number }> => deletePlot(ctx, ctx.companyId, input.id)),
  /** A GeoJSON, KML or CSV file of plots: checked (`dryRun`) or imported whole, in one transaction. */
  import: manage
    .input(plotImportInput)
    .mutation(({ ctx, input }): Promise<PlotImportResult> => importPlots(ctx, ctx.companyId, input)),
  lotPlots: manage
    .input(lotPlotsInput)
    .query(({ ctx, input }): Promise<LotPlots> => getLotPlots(ctx, ctx.companyId, input.lotId)),
  setLotPlots: manage
    .input(setLotPlotsInput)
    .mutation(({ ctx, input }): Promise<LotPlots> => setLotPlots(ctx, ctx.companyId, input)),
  lotEudr: manage
    .input(lotPlotsInput)
    .query(({ ctx, input }): Promise<LotEudr> => getLotEudr(ctx, ctx.companyId, input.lotId)),
  setLotEudr: manage
    .input(setLotEudrInput)
    .mutation(({ ctx, input }): Promise<LotEudr> => setLotEudr(ctx, ctx.companyId, input)),
  /** The EU information system's GeoJSON of the lot's plots (own and inherited), at most 25 MB. */
  eudrGeojson: manage
    .input(lotPlotsInput)
    .query(({ ctx, input }): Promise<PlotFileAnswer> => eudrGeojson(ctx, ctx.companyId, input.lotId)),
  /** The lot's EUDR facts as a CSV file for Excel. */
  eudrCsv: manage
    .input(lotPlotsInput)
    .query(({ ctx, input }): Promise<PlotFileAnswer> => eudrCsv(ctx, ctx.companyId, input.lotId)),
});
