import { and, asc, count, eq, gt, or, type SQL } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import type { Tables } from '#server/db/schema/index.ts';
import { foldedContains } from '#server/db/search.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { type CompanyScope, inCompanyScope, pickCompany } from '#server/services/products/scope.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { plots as plotMessages } from '#shared/i18n/vi/plots.ts';
import { checkPlotGeometry, type PlotGeometry } from '#shared/plots/geometry.ts';
import { publicOutline } from '#shared/plots/public-outline.ts';
import {
  type CreatePlotInput,
  type PlotInput,
  type PlotList,
  type PlotListInput,
  type PlotView,
  plotFieldsOf,
  type UpdatePlotInput,
} from '#shared/schemas/plots.ts';
import { nameSortOf } from '#shared/sort-key.ts';

const m = plotMessages;

export type PlotRow = Tables['plots']['$inferSelect'];

function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** A plot as the API answers it. */
export function toPlotView(row: PlotRow): PlotView {
  return {
    id: row.id,
    companyId: row.companyId,
    ...plotFieldsOf(row),
    geometry: parseJson<PlotGeometry>(row.geometry, { type: 'Point', coordinates: [0, 0] }),
    areaHaGeodesic: row.areaHaGeodesic,
    warnings: parseJson<string[]>(row.warnings, []),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The plot when the caller may touch it; another company's answers like a missing one (decision 083). */
export async function requirePlotInScope(db: Executor, scope: CompanyScope, id: number): Promise<PlotRow> {
  const { plots } = db.tables;
  const [row] = await db.select().from(plots).where(eq(plots.id, id)).limit(1);
  if (!row || !inCompanyScope(scope, row.companyId)) throw new AppError('NOT_FOUND', m.notFound);
  return row;
}

/** The columns a checked plot is written with (create, update and import alike). */
export type PlotValues = Omit<Tables['plots']['$inferInsert'], 'id' | 'companyId' | 'version'>;

/**
 * Checks a plot's geometry (shared/plots/geometry.ts) and answers the columns to write, or the faults,
 * each a sentence that names the plot (decision 217).
 */
export function checkedPlot(input: PlotInput): { values: PlotValues } | { errors: string[] } {
  const check = checkPlotGeometry({
    geometry: input.geometry,
    declaredAreaHa: input.areaHa,
    country: input.country,
  });
  const errors =
    input.geometry === undefined || input.geometry === null ? [m.geometryRequired] : check.errors;
  if (errors.length || !check.geometry) {
    const faults = errors.length ? errors : [m.geometryRequired];
    return { errors: faults.map((fault) => m.named(input.name, fault)) };
  }
  return {
    values: {
      name: input.name,
      nameSort: nameSortOf(input.name),
      producerName: input.producerName,
      producerPublic: input.producerPublic,
      country: input.country,
      province: input.province,
      plantingAreaCode: input.plantingAreaCode,
      packingHouseCode: input.packingHouseCode,
      crop: input.crop,
      areaHa: input.areaHa,
      areaHaGeodesic: check.areaHa,
      geometry: JSON.stringify(check.geometry),
      // Drawn once here so the public lot page reads it as text (decision 219).
      outline: publicOutline(check.geometry),
      warnings: JSON.stringify(check.warnings),
    },
  };
}

/** The checked columns, or a 400 whose message and `geometry` field name the plot and its first fault. */
function valuesOrThrow(input: PlotInput): PlotValues {
  const checked = checkedPlot(input);
  if ('errors' in checked) {
    const message = checked.errors.join(' ');
    throw new AppError('BAD_REQUEST', message, { fields: { geometry: message } });
  }
  return checked.values;
}

/** The list's cursor: the last plot's sort key and id, as opaque text. */
const encodeCursor = (row: PlotRow) =>
  Buffer.from(JSON.stringify([row.nameSort, row.id])).toString('base64url');
function decodeCursor(cursor: string): [string, number] {
  const value = parseJson<unknown>(Buffer.from(cursor, 'base64url').toString('utf8'), null);
  if (
    !Array.isArray(value) ||
    value.length !== 2 ||
    typeof value[0] !== 'string' ||
    !Number.isSafeInteger(value[1])
  )
    throw new AppError('BAD_REQUEST', m.badCursor, { fields: { cursor: m.badCursor } });
  return value as [string, number];
}

/** GET /plots: the company's plots by name (Vietnamese order), searched by name, producer, province or code. */
export async function listPlots(deps: AppDeps, scope: CompanyScope, input: PlotListInput): Promise<PlotList> {
  const { plots } = deps.db.tables;
  const company = pickCompany(scope, input.companyId);
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const conditions: (SQL | undefined)[] = [
    company === null ? undefined : eq(plots.companyId, company),
    input.q
      ? foldedContains(
          deps.store,
          [plots.name, plots.producerName, plots.province, plots.plantingAreaCode, plots.packingHouseCode],
          input.q,
        )
      : undefined,
    after
      ? or(gt(plots.nameSort, after[0]), and(eq(plots.nameSort, after[0]), gt(plots.id, after[1])))
      : undefined,
  ];
  const rows = await deps.db
    .select()
    .from(plots)
    .where(and(...conditions))
    .orderBy(asc(plots.nameSort), asc(plots.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toPlotView),
    nextCursor: rows.length > input.limit && last ? encodeCursor(last) : null,
  };
}

export async function getPlot(deps: AppDeps, scope: CompanyScope, id: number): Promise<PlotView> {
  return toPlotView(await requirePlotInScope(deps.db, scope, id));
}

/** The company a creation is for: SUPER_ADMIN must name one. */
export function creationCompany(scope: CompanyScope, requested: number | undefined): number {
  const companyId = pickCompany(scope, requested);
  if (companyId === null)
    throw new AppError('BAD_REQUEST', m.companyRequired, { fields: { companyId: m.companyRequired } });
  return companyId;
}

/** POST /plots: a plot whose geometry passes the checks (a fault is 400, naming the plot). */
export async function createPlot(
  deps: AppDeps,
  scope: CompanyScope,
  input: CreatePlotInput,
): Promise<PlotView> {
  const { plots } = deps.db.tables;
  const companyId = creationCompany(scope, input.companyId);
  const values = valuesOrThrow(input);
  const [row] = await deps.db
    .insert(plots)
    .values({ ...values, companyId })
    .returning();
  return toPlotView(row as PlotRow);
}

/**
 * PUT /plots/{id}: the whole plot again, at the version the form read. The write names that version, so
 * of two edits from the same version one wins and the other is 409, even when they race.
 */
export async function updatePlot(
  deps: AppDeps,
  scope: CompanyScope,
  input: UpdatePlotInput,
): Promise<PlotView> {
  const { plots } = deps.db.tables;
  const values = valuesOrThrow(input);
  return transaction(deps.db, async (tx) => {
    const row = await requirePlotInScope(tx, scope, input.id);
    if (input.version !== row.version) throw new AppError('CONFLICT', vi.errors.versionConflict);
    const [saved] = await tx
      .update(plots)
      .set({ ...values, version: row.version + 1 })
      .where(and(eq(plots.id, row.id), eq(plots.version, row.version)))
      .returning();
    if (!saved) throw new AppError('CONFLICT', vi.errors.versionConflict);
    return toPlotView(saved);
  });
}

/**
 * DELETE /plots/{id}: refused while lots are linked to it (decision 217): a lot's EUDR file must keep every
 * plot it grew on, so the plot is unlinked from its lots first, on purpose.
 */
export async function deletePlot(deps: AppDeps, scope: CompanyScope, id: number): Promise<{ id: number }> {
  const { lotPlots, plots } = deps.db.tables;
  return transaction(deps.db, async (tx) => {
    const row = await requirePlotInScope(tx, scope, id);
    const [used] = await tx.select({ n: count() }).from(lotPlots).where(eq(lotPlots.plotId, row.id));
    const n = Number(used?.n ?? 0);
    if (n > 0) throw new AppError('CONFLICT', m.inUse(row.name, n));
    await tx.delete(plots).where(eq(plots.id, row.id));
    return { id: row.id };
  });
}
