/**
 * The plot form's geometry box: pasted or read-from-file text, turned into what checkPlotGeometry checks
 * (the same rules the server applies, decision in shared/plots/geometry.ts), so the person sees the
 * outline, the area and every fault while typing, before saving.
 */
import { plotsWorkspace as t } from '#shared/i18n/vi/plots-workspace.ts';
import { checkPlotGeometry, type GeometryCheck } from '#shared/plots/geometry.ts';

/**
 * The most text the box parses: a plot's positions (MAX_PLOT_POSITIONS) written with their decimals and
 * some spacing fit well under it; more is a file for the import, not one plot (bounded before work).
 */
export const GEOMETRY_TEXT_MAX = 200_000;

type Parsed = { geometry: unknown } | { error: string };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * The geometry a pasted text holds. A GIS tool exports a Feature or a FeatureCollection rather than a bare
 * geometry: one feature is unwrapped; several are the import's job, said so.
 */
export function parseGeometryText(text: string): Parsed {
  if (text.length > GEOMETRY_TEXT_MAX) return { error: t.fileTooLarge };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { error: t.notJson };
  }
  if (isObject(value) && value.type === 'FeatureCollection' && Array.isArray(value.features)) {
    if (value.features.length !== 1) return { error: t.manyFeatures(value.features.length) };
    value = value.features[0];
  }
  if (isObject(value) && value.type === 'Feature') return { geometry: value.geometry ?? null };
  return { geometry: value };
}

/** What the form shows under the box: nothing for an empty box, else the shared checks' answer. */
export function checkGeometryText(
  text: string,
  declaredAreaHa: number | null,
  country: string,
): GeometryCheck | null {
  if (text.trim() === '') return null;
  const parsed = parseGeometryText(text);
  if ('error' in parsed) return { geometry: null, errors: [parsed.error], warnings: [], areaHa: null };
  return checkPlotGeometry({ geometry: parsed.geometry, declaredAreaHa, country });
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
