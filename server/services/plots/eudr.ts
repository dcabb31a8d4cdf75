import { eq } from 'drizzle-orm';
import type { Tables } from '#server/db/schema/index.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { requireLotInScope } from '#server/services/lots/read.ts';
import type { CompanyScope } from '#server/services/products/scope.ts';
import { plots as plotMessages } from '#shared/i18n/vi/plots.ts';
import type { PlotGeometry, Position } from '#shared/plots/geometry.ts';
import {
  EUDR_GEOJSON_MAX_BYTES,
  type LotEudr,
  type PlotFileAnswer,
  type SetLotEudrInput,
} from '#shared/schemas/plots.ts';
import { plotsOfLot } from './lot-plots.ts';
import type { PlotRow } from './plots.ts';

const m = plotMessages.eudr;

type LotEudrRow = Tables['lotEudr']['$inferSelect'];

function toLotEudr(
  lot: { id: number; code: string },
  row: LotEudrRow | undefined,
  plotCount: number,
): LotEudr {
  return {
    lotId: lot.id,
    lotCode: lot.code,
    ddsReference: row?.ddsReference ?? '',
    ddsVerification: row?.ddsVerification ?? '',
    hsCode: row?.hsCode ?? '',
    description: row?.description ?? '',
    netMassKg: row?.netMassKg ?? '',
    productionFrom: row?.productionFrom ?? null,
    productionTo: row?.productionTo ?? null,
    plotCount,
    updatedAt: row ? row.updatedAt.toISOString() : null,
  };
}

/** The lot's EUDR facts and its plots, own and inherited, after the lot's scope is checked. */
async function lotWithEudr(deps: AppDeps, scope: CompanyScope, lotId: number) {
  const { lotEudr } = deps.db.tables;
  const lot = await requireLotInScope(deps.db, scope, lotId);
  const [row] = await deps.db.select().from(lotEudr).where(eq(lotEudr.lotId, lot.id)).limit(1);
  const found = await plotsOfLot(deps.db, lot);
  const plots = [...found.own, ...found.inherited.map((i) => i.row)];
  return { lot, row, plots, truncated: found.truncated };
}

/** GET /lots/{id}/eudr: the importer's due-diligence numbers and the lot's facts for the EUDR files. */
export async function getLotEudr(deps: AppDeps, scope: CompanyScope, lotId: number): Promise<LotEudr> {
  const { lot, row, plots } = await lotWithEudr(deps, scope, lotId);
  return toLotEudr(lot, row, plots.length);
}

/** PUT /lots/{id}/eudr: all the fields again; the lot's row is made when first saved. */
export async function setLotEudr(
  deps: AppDeps,
  scope: CompanyScope,
  input: SetLotEudrInput,
): Promise<LotEudr> {
  const { lotEudr } = deps.db.tables;
  const lot = await requireLotInScope(deps.db, scope, input.lotId);
  const values = {
    ddsReference: input.ddsReference,
    ddsVerification: input.ddsVerification,
    hsCode: input.hsCode,
    description: input.description,
    netMassKg: input.netMassKg,
    productionFrom: input.productionFrom,
    productionTo: input.productionTo,
    updatedAt: new Date(),
  };
  await deps.db
    .insert(lotEudr)
    .values({ lotId: lot.id, companyId: lot.companyId, ...values })
    .onConflictDoUpdate({ target: lotEudr.lotId, set: values });
  return getLotEudr(deps, scope, lot.id);
}

/**
 * A coordinate as the EU information system wants it: at least six decimals (a shorter number is padded,
 * a longer one kept as stored), never an exponent.
 */
export function coordinateText(value: number): string {
  const shortest = String(value);
  if (/e/i.test(shortest)) return value.toFixed(12).replace(/(\.\d{6}\d*?)0+$/, '$1');
  const decimals = shortest.split('.')[1]?.length ?? 0;
  return decimals >= 6 ? shortest : value.toFixed(6);
}

const positionText = (p: Position) => `[${coordinateText(p[0])},${coordinateText(p[1])}]`;
/** A ring closed (its last position its first), whatever the stored geometry had. */
function ringText(ring: Position[]): string {
  const first = ring[0];
  const last = ring[ring.length - 1];
  const closed = first && last && (first[0] !== last[0] || first[1] !== last[1]) ? [...ring, first] : ring;
  return `[${closed.map(positionText).join(',')}]`;
}
const polygonText = (rings: Position[][]) => `[${rings.map(ringText).join(',')}]`;

/** GeoJSON geometry text with [longitude, latitude] positions of six decimals or more, rings closed. */
export function geometryText(g: PlotGeometry): string {
  const coordinates =
    g.type === 'Point'
      ? positionText(g.coordinates)
      : g.type === 'Polygon'
        ? polygonText(g.coordinates)
        : `[${g.coordinates.map(polygonText).join(',')}]`;
  return `{"type":${JSON.stringify(g.type)},"coordinates":${coordinates}}`;
}

/** Hectares written for `Area`: the declared area, else the geodesic one, to four decimals (a square metre). */
const areaOf = (row: PlotRow) => {
  const area = row.areaHa ?? row.areaHaGeodesic;
  return area === null ? null : Math.round(area * 10_000) / 10_000;
};

/**
 * The EU information system's GeoJSON (its "GeoJSON file description"): a FeatureCollection with one
 * Feature per plot, properties ProducerName, ProducerCountry, Area (ha) and ProductionPlace. The producer's
 * name is written even when not public: the file is for the importer's due-diligence statement. Written
 * piece by piece and refused once past `maxBytes`, the system's bound, before the whole text is held.
 */
export function eudrFeatureCollection(plots: readonly PlotRow[], maxBytes = EUDR_GEOJSON_MAX_BYTES): string {
  const parts: string[] = ['{"type":"FeatureCollection","features":['];
  let bytes = parts[0]?.length ?? 0;
  plots.forEach((row, index) => {
    const properties = {
      ProducerName: row.producerName,
      ProducerCountry: row.country,
      Area: areaOf(row),
      ProductionPlace: [row.name, row.province].filter(Boolean).join(', '),
    };
    const geometry = JSON.parse(row.geometry) as PlotGeometry;
    const feature = `${index ? ',' : ''}{"type":"Feature","id":${row.id},"properties":${JSON.stringify(properties)},"geometry":${geometryText(geometry)}}`;
    bytes += Buffer.byteLength(feature);
    if (bytes > maxBytes) throw new AppError('BAD_REQUEST', m.tooLarge(Math.floor(maxBytes / (1024 * 1024))));
    parts.push(feature);
  });
  parts.push(']}');
  return parts.join('');
}

const fileCode = (code: string) => code.replace(/[^A-Za-z0-9._-]/g, '-');

/** The lot's plots for a file: refused when it has none, or when the walk of its inputs was cut. */
async function filePlots(deps: AppDeps, scope: CompanyScope, lotId: number) {
  const found = await lotWithEudr(deps, scope, lotId);
  if (found.truncated) throw new AppError('BAD_REQUEST', m.truncated);
  if (!found.plots.length) throw new AppError('BAD_REQUEST', m.noPlots);
  return found;
}

/** GET /lots/{id}/eudr.geojson */
export async function eudrGeojson(
  deps: AppDeps,
  scope: CompanyScope,
  lotId: number,
): Promise<PlotFileAnswer> {
  const { lot, plots } = await filePlots(deps, scope, lotId);
  const ordered = [...plots].sort((a, b) => a.id - b.id);
  return {
    filename: m.geojsonFile(fileCode(lot.code)),
    contentType: 'application/geo+json; charset=utf-8',
    text: eudrFeatureCollection(ordered),
  };
}

/**
 * GET /lots/{id}/eudr.csv: one line for the lot, for Excel (UTF-8 with a BOM, Vietnamese headers): HS code,
 * description, net mass, the countries of production, the production dates, the supplier (the company),
 * the due-diligence numbers and the ids of every plot the GeoJSON file holds.
 */
export async function eudrCsv(deps: AppDeps, scope: CompanyScope, lotId: number): Promise<PlotFileAnswer> {
  const { companies } = deps.db.tables;
  const { lot, row, plots } = await filePlots(deps, scope, lotId);
  const [company] = await deps.db
    .select({ name: companies.name, taxCode: companies.taxCode })
    .from(companies)
    .where(eq(companies.id, lot.companyId))
    .limit(1);
  const h = m.csv;
  const header = [
    h.lotCode,
    h.hsCode,
    h.description,
    h.netMassKg,
    h.country,
    h.productionFrom,
    h.productionTo,
    h.supplier,
    h.ddsReference,
    h.ddsVerification,
    h.plotIds,
  ];
  const countries = [...new Set(plots.map((p) => p.country))].sort();
  const supplier = company ? [company.name, company.taxCode].filter(Boolean).join(' - ') : '';
  const line = [
    lot.code,
    row?.hsCode ?? '',
    row?.description ?? '',
    row?.netMassKg ?? '',
    countries.join(' '),
    row?.productionFrom ?? '',
    row?.productionTo ?? '',
    supplier,
    row?.ddsReference ?? '',
    row?.ddsVerification ?? '',
    plots
      .map((p) => p.id)
      .sort((a, b) => a - b)
      .join(' '),
  ];
  // Loaded on first use, as the recall scope's CSV does.
  const { default: Papa } = await import('papaparse');
  // escapeFormulae: no cell (a description, a company's name) can run as a spreadsheet formula.
  const text = `\uFEFF${Papa.unparse([header, line], { escapeFormulae: true })}\r\n`;
  return { filename: m.csvFile(fileCode(lot.code)), contentType: 'text/csv; charset=utf-8', text };
}
