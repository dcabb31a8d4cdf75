import { z } from 'zod';
import { plots as plotMessages } from '#shared/i18n/vi/plots.ts';
import type { PlotGeometry } from '#shared/plots/geometry.ts';
import { idSchema, optionalText, text } from './common.ts';
import { daySchema } from './lots.ts';
import { countrySchema } from './partners.ts';
import { uploadFileInput } from './uploads.ts';

const m = plotMessages;

/** The largest area a plot may declare: past any single farm plot, a bound before any check. */
export const PLOT_AREA_MAX_HA = 1_000_000;
/** Plots a lot may be linked to directly (a cooperative's lot gathers many smallholders). */
export const LOT_PLOTS_MAX = 10_000;
/** Plots one import file may hold (issue 34: thirty thousand in one go). */
export const PLOT_IMPORT_MAX_ROWS = 50_000;
/** The EU information system's bound on a GeoJSON file (issue 34). */
export const EUDR_GEOJSON_MAX_BYTES = 25 * 1024 * 1024;

const optional = (max: number) => optionalText(max).default('');

/**
 * A plot as a form or an API client writes it (issue 34). `geometry` is GeoJSON (Point, Polygon or
 * MultiPolygon, [longitude, latitude]); its shape is checked by checkPlotGeometry in the service, which
 * names the plot in each fault.
 */
export const plotInput = z.strictObject({
  name: text(200),
  /** A household or a farm: personal data, never public unless `producerPublic`. */
  producerName: optional(200),
  producerPublic: z.boolean().default(false),
  country: countrySchema.default('VN'),
  province: optional(100),
  /** Mã số vùng trồng. */
  plantingAreaCode: optional(50),
  /** Mã số cơ sở đóng gói. */
  packingHouseCode: optional(50),
  crop: optional(100),
  /** Declared area in hectares; null when unknown (the geodesic area is then the one used). */
  areaHa: z
    .number({ error: m.areaInvalid })
    .min(0, m.areaInvalid)
    .max(PLOT_AREA_MAX_HA, m.areaInvalid)
    .nullable()
    .default(null),
  /** Missing is refused by the service, with the plot's name (decision 217). */
  geometry: z.unknown().optional(),
});
export type PlotInput = z.infer<typeof plotInput>;
/** A plot's own fields as they are stored and answered (geometry aside): the one list the views, the import and the insert share. */
export type PlotFields = Omit<PlotInput, 'geometry'>;

/** A plot's own fields out of anything that has them (a stored row, a row read from a file), and nothing else. */
export const plotFieldsOf = (row: PlotFields): PlotFields => ({
  name: row.name,
  producerName: row.producerName,
  producerPublic: row.producerPublic,
  country: row.country,
  province: row.province,
  plantingAreaCode: row.plantingAreaCode,
  packingHouseCode: row.packingHouseCode,
  crop: row.crop,
  areaHa: row.areaHa,
});

/** POST /plots: SUPER_ADMIN names the company; a company's staff add to their own. */
export const createPlotInput = plotInput.extend({ companyId: idSchema.optional() });
export type CreatePlotInput = z.infer<typeof createPlotInput>;

/** PUT /plots/{id}: the whole plot again, with the version the form read (stale: 409). */
export const updatePlotInput = plotInput.extend({ id: idSchema, version: z.number().int().min(1) });
export type UpdatePlotInput = z.infer<typeof updatePlotInput>;

export const plotIdInput = z.strictObject({ id: idSchema });

/** GET /plots: by name, producer, province or code; paged by an opaque cursor (name order). */
export const plotListInput = z.strictObject({
  q: z.string().trim().max(200).optional(),
  cursor: z.string().max(400).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  companyId: idSchema.optional(),
});
export type PlotListInput = z.infer<typeof plotListInput>;

/** A plot as the API answers it: the stored fields, the geodesic area and the checks' warnings. */
export interface PlotView extends PlotFields {
  id: number;
  companyId: number;
  geometry: PlotGeometry;
  /** The area computed from the geometry (null for a Point). */
  areaHaGeodesic: number | null;
  warnings: string[];
  version: number;
  createdAt: string;
  updatedAt: string;
}

export interface PlotList {
  items: PlotView[];
  nextCursor: string | null;
}

export const lotPlotsInput = z.strictObject({ lotId: idSchema });

/** PUT /lots/{id}/plots: the lot's own plots, all of them (an empty list clears them). */
export const setLotPlotsInput = z.strictObject({
  lotId: idSchema,
  plotIds: z.array(idSchema).max(LOT_PLOTS_MAX, m.lotPlotsTooMany(LOT_PLOTS_MAX)),
});
export type SetLotPlotsInput = z.infer<typeof setLotPlotsInput>;

/** A plot a lot has through the lots it was made from (lot_inputs), by the nearest such lot. */
export interface InheritedPlot {
  plot: PlotView;
  viaLotId: number;
  viaLotCode: string;
}

export interface LotPlots {
  lotId: number;
  plots: PlotView[];
  inherited: InheritedPlot[];
  /** Whether the walk of the lots it was made from stopped at its bounds (decision 202). */
  truncated: boolean;
}

const hsCode = z
  .string()
  .trim()
  .regex(/^(\d{4,10})?$/, m.eudr.hsCode);
const netMass = z
  .string()
  .trim()
  .regex(/^(\d{1,12}(\.\d{1,6})?)?$/, m.eudr.netMass);
const optionalDay = z.union([z.literal('').transform(() => null), daySchema]).nullable();

/** PUT /lots/{id}/eudr: the importer's due-diligence numbers and the lot's facts for the EUDR files. */
export const setLotEudrInput = z
  .strictObject({
    lotId: idSchema,
    ddsReference: optional(100),
    ddsVerification: optional(100),
    hsCode: hsCode.default(''),
    description: optional(500),
    /** Net mass in kilograms, decimal text ("1200.5"). */
    netMassKg: netMass.default(''),
    productionFrom: optionalDay.default(null),
    productionTo: optionalDay.default(null),
  })
  .refine((v) => !v.productionFrom || !v.productionTo || v.productionFrom <= v.productionTo, {
    message: m.eudr.range,
    path: ['productionTo'],
  });
export type SetLotEudrInput = z.infer<typeof setLotEudrInput>;

export interface LotEudr {
  lotId: number;
  lotCode: string;
  ddsReference: string;
  ddsVerification: string;
  hsCode: string;
  description: string;
  netMassKg: string;
  productionFrom: string | null;
  productionTo: string | null;
  /** Plots of the lot, its own and inherited. */
  plotCount: number;
  updatedAt: string | null;
}

/** POST /plots/import: a GeoJSON, KML or CSV file, all plots or none. */
export const plotImportInput = uploadFileInput.extend({
  dryRun: z.boolean().default(false),
  companyId: idSchema.optional(),
});
export type PlotImportInput = z.infer<typeof plotImportInput>;

export interface PlotImportResult {
  dryRun: boolean;
  /** Plots in the file (all of them when there are no errors). */
  total: number;
  /** Plots written (0 on a dry run or with errors). */
  created: number;
  /** Faults, each naming "Dòng N" or "Đối tượng N"; none were imported when any. */
  errors: string[];
  warnings: string[];
}

/** A file a procedure answers (served as an attachment by REST). */
export interface PlotFileAnswer {
  filename: string;
  contentType: string;
  text: string;
}
