import { chunked } from '#server/db/chunks.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import type { CompanyScope } from '#server/services/products/scope.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { PLOT_IMPORT_MAX_ROWS, type PlotImportInput, type PlotImportResult } from '#shared/schemas/plots.ts';
import { parsePlotFile, plotFileKind } from './import-parse.ts';
import { checkedPlot, creationCompany, type PlotValues } from './plots.ts';

const m = vi.plots.import;

/** Faults and warnings listed at most: the file's first ones, and how many more there were. */
export const IMPORT_MESSAGES_MAX = 200;
/**
 * Plots written per statement: a plot binds some twenty values, so a slice stays far below SQLite's limit
 * on bound parameters, and thirty thousand plots are a hundred-odd statements in one transaction.
 */
const INSERT_SLICE = 400;

function bounded(messages: string[]): string[] {
  if (messages.length <= IMPORT_MESSAGES_MAX) return messages;
  return [
    ...messages.slice(0, IMPORT_MESSAGES_MAX),
    vi.plotImport.moreErrors(messages.length - IMPORT_MESSAGES_MAX),
  ];
}

/**
 * POST /plots/import (decision 218): a GeoJSON, KML or CSV file of plots, all of them or none. The file is
 * told apart by its name and first bytes, parsed (server/services/plots/import-parse.ts), every plot
 * checked as a form's would be (each fault naming its line or feature and the plot), and only a file
 * without faults is written, in one transaction of a few large inserts.
 */
export async function importPlots(
  deps: AppDeps,
  scope: CompanyScope,
  input: PlotImportInput,
): Promise<PlotImportResult> {
  const companyId = creationCompany(scope, input.companyId);
  const kind = plotFileKind(input.filename, input.bytes.subarray(0, 512));
  if (!kind) throw new AppError('BAD_REQUEST', m.unknownKind, { fields: { file: m.unknownKind } });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(input.bytes);
  } catch {
    throw new AppError('BAD_REQUEST', m.notText, { fields: { file: m.notText } });
  }
  const parsed = parsePlotFile(text, kind);
  const result = (over: Partial<PlotImportResult>): PlotImportResult => ({
    dryRun: input.dryRun,
    total: 0,
    created: 0,
    errors: [],
    warnings: [],
    ...over,
  });
  if ('errors' in parsed) return result({ errors: bounded(parsed.errors) });
  const rows = parsed.rows;
  if (!rows.length) throw new AppError('BAD_REQUEST', m.empty, { fields: { file: m.empty } });
  if (rows.length > PLOT_IMPORT_MAX_ROWS)
    throw new AppError('BAD_REQUEST', m.tooMany(PLOT_IMPORT_MAX_ROWS), {
      fields: { file: m.tooMany(PLOT_IMPORT_MAX_ROWS) },
    });

  const errors: string[] = [];
  const warnings: string[] = [];
  const values: (PlotValues & { companyId: number })[] = [];
  for (const row of rows) {
    const { line, ...plot } = row;
    const checked = checkedPlot(plot);
    if ('errors' in checked) {
      for (const error of checked.errors) errors.push(`${line}: ${error}`);
      continue;
    }
    for (const warning of JSON.parse(checked.values.warnings ?? '[]') as string[])
      warnings.push(`${line}: ${vi.plots.named(plot.name, warning)}`);
    values.push({ ...checked.values, companyId });
  }
  if (errors.length)
    return result({ total: rows.length, errors: bounded(errors), warnings: bounded(warnings) });
  if (input.dryRun) return result({ total: rows.length, warnings: bounded(warnings) });

  const { plots } = deps.db.tables;
  await transaction(deps.db, async (tx) => {
    for (const slice of chunked(values, INSERT_SLICE)) await tx.insert(plots).values(slice);
  });
  return result({ total: rows.length, created: values.length, warnings: bounded(warnings) });
}
