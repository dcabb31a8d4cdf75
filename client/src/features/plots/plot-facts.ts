import { plotsWorkspace as t } from '#shared/i18n/vi/plots-workspace.ts';
import type { PlotView } from '#shared/schemas/plots.ts';

/** A plot's area as a list shows it: the declared one, else the one measured from its geometry, else nothing. */
export function plotArea(p: Pick<PlotView, 'areaHa' | 'areaHaGeodesic'>): string {
  if (p.areaHa !== null) return t.areaOf(p.areaHa);
  return p.areaHaGeodesic === null ? '' : t.areaMeasured(p.areaHaGeodesic);
}

/** Where a plot is, in one line: province and planting-area code. */
export const plotPlace = (p: Pick<PlotView, 'province' | 'plantingAreaCode'>): string =>
  [p.province, p.plantingAreaCode].filter(Boolean).join(' · ');
