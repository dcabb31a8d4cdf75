import { insertPlotsJson } from '#server/db/plot-insert.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import type { CompanyScope } from '#server/services/products/scope.ts';
import { plotImport as importMessages } from '#shared/i18n/vi/plot-geometry.ts';
import { plots as plotMessages } from '#shared/i18n/vi/plots.ts';
import { publicOutline } from '#shared/plots/public-outline.ts';
import { PLOT_IMPORT_MAX_ROWS, type PlotImportInput, type PlotImportResult, plotFieldsOf } from '#shared/schemas/plots.ts';
import { nameSortOf } from '#shared/sort-key.ts';
import { parsePlotFile, plotFileKind, plotFileText } from './import-parse.ts';
import { isKmz, readKmz } from './kmz.ts';
import { creationCompany } from './plots.ts';

const m = plotMessages.import;

/** Faults and warnings listed at most: the file's first ones, and how many more there were. */
export const IMPORT_MESSAGES_MAX = 200;
/**
 * Plots written per statement, as one JSON parameter (server/db/plot-insert.ts): a slice's text stays a
 * few megabytes at the largest geometries, and a large file is a few statements.
 */
const INSERT_SLICE = 2_000;
/** And at most this much geometry text per statement: a file of large polygons is more, smaller statements. */
const INSERT_SLICE_TEXT = 4 * 1024 * 1024;

function slices<T extends { geometry: string }>(values: readonly T[]): T[][] {
  const out: T[][] = [];
  let slice: T[] = [];
  let text = 0;
  for (const value of values) {
    if (slice.length && (slice.length >= INSERT_SLICE || text + value.geometry.length > INSERT_SLICE_TEXT)) {
      out.push(slice);
      slice = [];
      text = 0;
    }
    slice.push(value);
    text += value.geometry.length;
  }
  if (slice.length) out.push(slice);
  return out;
}

function bounded(messages: string[]): string[] {
  if (messages.length <= IMPORT_MESSAGES_MAX) return messages;
  return [
    ...messages.slice(0, IMPORT_MESSAGES_MAX),
    importMessages.moreErrors(messages.length - IMPORT_MESSAGES_MAX),
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
  const firstBytes = input.bytes.subarray(0, 512);
  // A KMZ is Google Earth's zipped KML: its doc.kml, read within the imports' zip bounds (kmz.ts).
  const kmz = isKmz(input.filename, firstBytes);
  const kind = kmz ? 'kml' : plotFileKind(input.filename, firstBytes);
  if (!kind) throw new AppError('BAD_REQUEST', m.unknownKind, { fields: { file: m.unknownKind } });
  const text = kmz ? await readKmz(input.bytes) : plotFileText(input.bytes);
  if (text === null) throw new AppError('BAD_REQUEST', m.notText, { fields: { file: m.notText } });
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

  // The parser has checked every geometry (checkPlotGeometry) and named each fault by its line or
  // feature: what is left is the rows' columns, with the area and warnings it measured.
  const where = (line: number) => (kind === 'csv' ? importMessages.line(line) : importMessages.feature(line));
  const warnings: string[] = [];
  const values = rows.map((row) => {
    for (const warning of row.warnings)
      warnings.push(`${where(row.line)}: ${plotMessages.named(row.name, warning)}`);
    return {
      ...plotFieldsOf(row),
      companyId,
      nameSort: nameSortOf(row.name),
      areaHaGeodesic: row.areaHaGeodesic,
      geometry: JSON.stringify(row.geometry),
      // Drawn here as a form's save draws it (decision 219): the public lot page reads it as text.
      outline: publicOutline(row.geometry),
      warnings: JSON.stringify(row.warnings),
    };
  });
  if (input.dryRun) return result({ total: rows.length, warnings: bounded(warnings) });

  const now = new Date();
  await transaction(deps.db, async (tx) => {
    for (const slice of slices(values)) await insertPlotsJson(tx, slice, now);
  });
  return result({ total: rows.length, created: values.length, warnings: bounded(warnings) });
}
