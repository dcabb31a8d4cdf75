import { is, sql } from 'drizzle-orm';
import { PgColumn } from 'drizzle-orm/pg-core';
import type { PlotFields } from '#shared/schemas/plots.ts';
import type { Executor } from './client.ts';

/** A plot row as the import writes it (server/services/plots/import.ts): the columns of `plots`. */
export interface PlotInsertRow extends PlotFields {
  companyId: number;
  nameSort: string;
  areaHaGeodesic: number | null;
  geometry: string;
  /** The public lot page's outline (decision 219), drawn from the geometry before the write. */
  outline: string | null;
  warnings: string;
}

type Raw = { run?: (q: unknown) => unknown; execute?: (q: unknown) => Promise<unknown> };

/**
 * Inserts many plots in one statement whose rows are one bound JSON parameter, read back by the engine
 * (json_each on SQLite, json_to_recordset on PostgreSQL), as inIds binds many ids (lot-graph.ts): through
 * drizzle's builder, every value of every plot was bound and mapped one by one, which was most of a large
 * import's time (decision 218, bench/RESULTS.md).
 */
export async function insertPlotsJson(
  exec: Executor,
  rows: readonly PlotInsertRow[],
  now: Date,
): Promise<void> {
  if (!rows.length) return;
  const { plots } = exec.tables;
  const raw = exec as unknown as Raw;
  const json = JSON.stringify(rows);
  const columns = sql.raw(
    'company_id, name, name_sort, producer_name, producer_public, country, province, planting_area_code, packing_house_code, crop, area_ha, area_ha_geodesic, geometry, outline, warnings, version, created_at, updated_at',
  );
  // The table names its engine (decision 153): a PostgreSQL handle's columns are PgColumns.
  if (is(plots.id, PgColumn)) {
    await (raw.execute as NonNullable<Raw['execute']>)(sql`INSERT INTO plots (${columns})
      SELECT r."companyId", r.name, r."nameSort", r."producerName", r."producerPublic", r.country, r.province,
        r."plantingAreaCode", r."packingHouseCode", r.crop, r."areaHa", r."areaHaGeodesic", r.geometry, r.outline, r.warnings,
        1, ${now}, ${now}
      FROM json_to_recordset(CAST(${json} AS json)) AS r("companyId" integer, name text, "nameSort" text,
        "producerName" text, "producerPublic" boolean, country text, province text, "plantingAreaCode" text,
        "packingHouseCode" text, crop text, "areaHa" double precision, "areaHaGeodesic" double precision,
        geometry text, outline text, warnings text)`);
    return;
  }
  const ms = now.getTime();
  (raw.run as NonNullable<Raw['run']>)(sql`INSERT INTO plots (${columns})
    SELECT json_extract(value, '$.companyId'), json_extract(value, '$.name'), json_extract(value, '$.nameSort'),
      json_extract(value, '$.producerName'), json_extract(value, '$.producerPublic'),
      json_extract(value, '$.country'), json_extract(value, '$.province'),
      json_extract(value, '$.plantingAreaCode'), json_extract(value, '$.packingHouseCode'),
      json_extract(value, '$.crop'), json_extract(value, '$.areaHa'), json_extract(value, '$.areaHaGeodesic'),
      json_extract(value, '$.geometry'), json_extract(value, '$.outline'), json_extract(value, '$.warnings'),
      1, ${ms}, ${ms}
    FROM json_each(${json})`);
}
