import { companies } from './companies.ts';
import { defineTable } from './define.ts';
import { lots } from './products.ts';

/**
 * A company's farm plots (issue 34, decision 217): where its goods grew. The geometry is GeoJSON text
 * (Point, Polygon or MultiPolygon, [longitude, latitude]) kept as written after checkPlotGeometry passed
 * it: no engine's spatial type, so both engines store and answer the same text. `producer_name` is
 * personal data, shown publicly only when `producer_public`.
 */
export const plots = defineTable(
  'plots',
  (c) => ({
    id: c.id(),
    companyId: c
      .int('company_id')
      .notNull()
      .references(() => c.of(companies).id, { onDelete: 'cascade' }),
    name: c.text('name').notNull(),
    /** vietnameseSortKey(name) (decision 085): the list's order by name. */
    nameSort: c.text('name_sort').notNull().default(''),
    producerName: c.text('producer_name').notNull().default(''),
    producerPublic: c.bool('producer_public').notNull().default(false),
    /** ISO 3166-1 alpha-2. */
    country: c.text('country').notNull().default('VN'),
    province: c.text('province').notNull().default(''),
    /** Mã số vùng trồng. */
    plantingAreaCode: c.text('planting_area_code').notNull().default(''),
    /** Mã số cơ sở đóng gói. */
    packingHouseCode: c.text('packing_house_code').notNull().default(''),
    crop: c.text('crop').notNull().default(''),
    /** The area the company declared, in hectares; null when it gave none. */
    areaHa: c.real('area_ha'),
    /** The geodesic area of the geometry in hectares; null for a Point. */
    areaHaGeodesic: c.real('area_ha_geodesic'),
    /** GeoJSON geometry as JSON text. */
    geometry: c.text('geometry').notNull(),
    /** The checks' warnings when it was saved (JSON array of text): a list shows them without re-checking. */
    warnings: c.text('warnings').notNull().default('[]'),
    version: c.int('version').notNull().default(1),
    createdAt: c.createdAt(),
    updatedAt: c.updatedAt(),
  }),
  (t, i) => [i.index('plots_company_name_idx').on(t.companyId, t.nameSort, t.id)],
);

/** A lot grew on a plot: both of one company (decision 217). */
export const lotPlots = defineTable(
  'lot_plots',
  (c) => ({
    id: c.id(),
    companyId: c
      .int('company_id')
      .notNull()
      .references(() => c.of(companies).id, { onDelete: 'cascade' }),
    lotId: c
      .int('lot_id')
      .notNull()
      .references(() => c.of(lots).id, { onDelete: 'cascade' }),
    plotId: c
      .int('plot_id')
      .notNull()
      .references(() => c.of(plots).id, { onDelete: 'cascade' }),
  }),
  (t, i) => [
    i.uniqueIndex('lot_plots_lot_plot_unique').on(t.lotId, t.plotId),
    // Deleting a plot counts the lots it is linked to.
    i.index('lot_plots_plot_idx').on(t.plotId),
  ],
);

/**
 * What the EU deforestation regulation's files need of a lot beyond its plots: the importer's due-diligence
 * statement numbers and the goods' facts (decision 217). One row per lot, made when first saved.
 */
export const lotEudr = defineTable(
  'lot_eudr',
  (c) => ({
    id: c.id(),
    lotId: c
      .int('lot_id')
      .notNull()
      .references(() => c.of(lots).id, { onDelete: 'cascade' }),
    companyId: c
      .int('company_id')
      .notNull()
      .references(() => c.of(companies).id, { onDelete: 'cascade' }),
    ddsReference: c.text('dds_reference').notNull().default(''),
    ddsVerification: c.text('dds_verification').notNull().default(''),
    hsCode: c.text('hs_code').notNull().default(''),
    description: c.text('description').notNull().default(''),
    /** Canonical decimal text (as quantities are, decision 201); '' when not given. */
    netMassKg: c.text('net_mass_kg').notNull().default(''),
    /** YYYY-MM-DD */
    productionFrom: c.text('production_from'),
    productionTo: c.text('production_to'),
    createdAt: c.createdAt(),
    updatedAt: c.updatedAt(),
  }),
  (t, i) => [i.uniqueIndex('lot_eudr_lot_unique').on(t.lotId)],
);
