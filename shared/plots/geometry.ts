/**
 * Placeholder of helper GEO's module (branch plots-geo): the contract's signatures only, so the plots API
 * compiles before the real checks are merged. Replaced wholesale by that branch.
 */
export type Position = [number, number];
export type PlotGeometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] };
export const MAX_PLOT_POSITIONS = 2000;
export type GeometryCheck = {
  geometry: PlotGeometry | null;
  errors: string[];
  warnings: string[];
  areaHa: number | null;
};

export function geodesicAreaHa(_geometry: PlotGeometry): number {
  return 0;
}

export function checkPlotGeometry(input: {
  geometry: unknown;
  declaredAreaHa: number | null;
  country: string;
}): GeometryCheck {
  const g = input.geometry as PlotGeometry | null;
  if (!g || typeof g !== 'object' || !['Point', 'Polygon', 'MultiPolygon'].includes(g.type))
    return { geometry: null, errors: ['Hình dạng không hợp lệ.'], warnings: [], areaHa: null };
  return { geometry: g, errors: [], warnings: [], areaHa: g.type === 'Point' ? null : geodesicAreaHa(g) };
}

export function plotOutline(
  _geometries: readonly PlotGeometry[],
  size: number,
): { viewBox: string; paths: string[]; points: Position[] } {
  return { viewBox: `0 0 ${size} ${size}`, paths: [], points: [] };
}
