import { type PlotGeometry, type Position, plotOutline } from './geometry.ts';

/**
 * A plot's outline as the public lot page draws it (issue 34, decision 219): SVG path data in a fixed box,
 * computed once when the plot is saved and stored with it (`plots.outline`), so a guest's read of a lot
 * does no geometry work and the page draws it offline, without a map service. Bounded whatever the
 * geometry: at most PUBLIC_OUTLINE_MAX_POSITIONS positions over at most PUBLIC_OUTLINE_MAX_RINGS rings, tenths of the
 * box's unit (plotOutline's), so a lot's answer stays small. The projection and fit are plotOutline's (geometry.ts), the one
 * the workspace's form draws with; this only thins the rings of a large geometry before it.
 */
export const OUTLINE_SIZE = 100;
export const OUTLINE_VIEW_BOX = `0 0 ${OUTLINE_SIZE} ${OUTLINE_SIZE}`;
export const PUBLIC_OUTLINE_MAX_POSITIONS = 64;
export const PUBLIC_OUTLINE_MAX_RINGS = 12;
/** The fewest positions a closed ring has. */
const RING_MIN = 4;
/** A point's dot, in the box's units. */
const DOT_RADIUS = 6;

type Ring = Position[];

/** A ring's area in degrees squared (shoelace): only to rank a multipolygon's parts, largest first. */
function ringArea(ring: Ring): number {
  let sum = 0;
  for (let i = 1; i < ring.length; i++) {
    const [x0, y0] = ring[i - 1]!;
    const [x1, y1] = ring[i]!;
    sum += x0 * y1 - x1 * y0;
  }
  return Math.abs(sum) / 2;
}

/**
 * A ring with at most `budget` positions: first snapped to a grid as fine as one unit of the box (what the
 * drawing can show), repeated positions dropped, then evenly sampled. Null when nothing of it would show.
 */
function thinned(ring: Ring, cell: number, budget: number): Ring | null {
  const snapped: Ring = [];
  for (const [x, y] of ring) {
    const p: Position = [Math.round(x / cell) * cell, Math.round(y / cell) * cell];
    const last = snapped[snapped.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) snapped.push(p);
  }
  // Open the ring to sample it, then close it again.
  const first = snapped[0];
  const last = snapped[snapped.length - 1];
  if (first && last && snapped.length > 1 && first[0] === last[0] && first[1] === last[1]) snapped.pop();
  if (snapped.length < RING_MIN - 1) return null;
  const keep = Math.max(RING_MIN - 1, budget - 1);
  const open =
    snapped.length <= keep
      ? snapped
      : Array.from({ length: keep }, (_, i) => snapped[Math.floor((i * snapped.length) / keep)]!);
  return [...open, open[0]!];
}

/** The geometry with few enough rings and positions for the public page (decision 219). */
function simplified(geometry: Exclude<PlotGeometry, { type: 'Point' }>): PlotGeometry | null {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  // The largest parts first, so what is left out is what would show least.
  const ranked = polygons
    .filter((p) => p[0] && p[0].length >= RING_MIN)
    .map((p) => ({ p, area: ringArea(p[0]!) }))
    .sort((a, b) => b.area - a.area)
    .map(({ p }) => p);
  const rings = ranked.flat().slice(0, PUBLIC_OUTLINE_MAX_RINGS);
  const total = rings.reduce((n, r) => n + r.length, 0);
  if (!total) return null;
  let minX = Number.POSITIVE_INFINITY;
  let minY = Number.POSITIVE_INFINITY;
  let maxX = Number.NEGATIVE_INFINITY;
  let maxY = Number.NEGATIVE_INFINITY;
  for (const [x, y] of rings.flat()) {
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const cell = Math.max(maxX - minX, maxY - minY) / OUTLINE_SIZE || Number.EPSILON;
  const out: Ring[][] = [];
  let ringsLeft = PUBLIC_OUTLINE_MAX_RINGS;
  for (const polygon of ranked) {
    const kept: Ring[] = [];
    for (const [i, ring] of polygon.entries()) {
      if (ringsLeft === 0) break;
      const share = Math.floor((PUBLIC_OUTLINE_MAX_POSITIONS * ring.length) / total);
      const t = thinned(ring, cell, Math.max(RING_MIN, share));
      // A part whose outer ring does not show is left out with its holes.
      if (!t) {
        if (i === 0) break;
        continue;
      }
      kept.push(t);
      ringsLeft--;
    }
    if (kept.length) out.push(kept);
  }
  if (!out.length) return null;
  return out.length === 1
    ? { type: 'Polygon', coordinates: out[0]! }
    : { type: 'MultiPolygon', coordinates: out };
}

/**
 * Whether a geometry is within the bounds as it is (most plots: a handful of positions), so it is drawn
 * without thinning: an import of thousands of plots draws each one.
 */
function small(geometry: Exclude<PlotGeometry, { type: 'Point' }>): boolean {
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let rings = 0;
  let positions = 0;
  for (const polygon of polygons)
    for (const ring of polygon) {
      rings++;
      positions += ring.length;
    }
  return rings <= PUBLIC_OUTLINE_MAX_RINGS && positions <= PUBLIC_OUTLINE_MAX_POSITIONS;
}

/** A dot at a point, as path data (two arcs), so one `<path>` draws a plot of any kind. */
const dot = ([x, y]: Position) =>
  `M${Math.round((x - DOT_RADIUS) * 10) / 10} ${y}a${DOT_RADIUS} ${DOT_RADIUS} 0 1 0 ${2 * DOT_RADIUS} 0a${DOT_RADIUS} ${DOT_RADIUS} 0 1 0 ${-2 * DOT_RADIUS} 0Z`;

/**
 * The stored outline of a plot's geometry: SVG path data in OUTLINE_VIEW_BOX, or null without a geometry
 * or when nothing of it would show.
 */
export function publicOutline(geometry: PlotGeometry | null | undefined): string | null {
  if (!geometry) return null;
  const shape = geometry.type === 'Point' || small(geometry) ? geometry : simplified(geometry);
  if (!shape) return null;
  const { paths, points } = plotOutline([shape], OUTLINE_SIZE);
  const d = paths.join('') + points.map(dot).join('');
  return d || null;
}
