/**
 * The plot form's geometry box: pasted or read-from-file text, checked by checkPlotGeometry (the rules the
 * server applies, shared/plots/geometry.ts), so the person sees the outline, the area and every fault while
 * typing, before saving.
 */
import { checkPlotGeometry, type GeometryCheck, MAX_GEOMETRY_TEXT } from '#shared/plots/geometry.ts';

/**
 * The one Feature of a FeatureCollection: what QGIS or a phone's GPS app saves for a single plot. A
 * collection of several is left to checkPlotGeometry, which says to use the import.
 */
function singleFeature(text: string): unknown {
  if (text.length > MAX_GEOMETRY_TEXT || !text.includes('FeatureCollection')) return undefined;
  try {
    const value = JSON.parse(text) as { type?: unknown; features?: unknown };
    if (value?.type === 'FeatureCollection' && Array.isArray(value.features) && value.features.length === 1)
      return value.features[0];
  } catch {
    // Not JSON: checkPlotGeometry says so.
  }
  return undefined;
}

/** What the form shows under the box: nothing for an empty box, else the shared checks' answer. */
export function checkGeometryText(
  text: string,
  declaredAreaHa: number | null,
  country: string,
): GeometryCheck | null {
  if (text.trim() === '') return null;
  return checkPlotGeometry({ geometry: singleFeature(text) ?? text, declaredAreaHa, country });
}

/**
 * A declared area as typed: a Vietnamese decimal comma or a dot; empty is "not declared" (null);
 * anything else is NaN, which the form refuses beside the field.
 */
export function areaOfText(text: string): number | null {
  const s = text.trim().replace(',', '.');
  if (s === '') return null;
  return /^\d+(\.\d+)?$/.test(s) ? Number(s) : Number.NaN;
}
