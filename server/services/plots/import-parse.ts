/**
 * Placeholder of helper GEO's parsers (branch plots-geo): the contract's signatures, GeoJSON only, so the
 * import service compiles and its all-or-nothing path is tested before the real parsers are merged.
 * Replaced wholesale by that branch.
 */
import { vi } from '#shared/i18n/vi/index.ts';
import type { PlotInput } from '#shared/schemas/plots.ts';

const m = vi.plotImport;

export type PlotFileKind = 'geojson' | 'kml' | 'csv';
export type PlotImportRow = PlotInput & { line: string };

export function plotFileKind(fileName: string, _firstBytes: Uint8Array): PlotFileKind | null {
  const ext = fileName.toLowerCase().split('.').pop();
  if (ext === 'geojson' || ext === 'json') return 'geojson';
  if (ext === 'kml') return 'kml';
  if (ext === 'csv') return 'csv';
  return null;
}

export function parsePlotFile(
  text: string,
  kind: PlotFileKind,
): { rows: PlotImportRow[] } | { errors: string[] } {
  if (kind !== 'geojson') return { errors: [m.notFeatureCollection] };
  let doc: { features?: { properties?: Record<string, unknown>; geometry?: unknown }[] };
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return { errors: [m.badJson((err as Error).message)] };
  }
  if (!Array.isArray(doc.features)) return { errors: [m.notFeatureCollection] };
  const rows = doc.features.map((f, i): PlotImportRow => {
    const p = f.properties ?? {};
    const s = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      line: m.feature(i + 1),
      name: s(p.name) || m.defaultName(i + 1),
      producerName: s(p.producerName),
      producerPublic: false,
      country: s(p.country) || 'VN',
      province: s(p.province),
      plantingAreaCode: s(p.plantingAreaCode),
      packingHouseCode: s(p.packingHouseCode),
      crop: s(p.crop),
      areaHa: typeof p.areaHa === 'number' ? p.areaHa : null,
      geometry: f.geometry,
    };
  });
  return { rows };
}
