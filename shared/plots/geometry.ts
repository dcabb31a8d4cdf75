/**
 * A farm plot's geometry (issue 34, decision 216): the GeoJSON shapes the EU's information system takes for
 * the deforestation rule (Point, Polygon, MultiPolygon in WGS84, [longitude, latitude]), the checks an
 * exporter's compliance officer expects before a file leaves for the EU, the plot's area on the WGS84
 * ellipsoid, and an outline the public lot page draws without any map service. Shared by the server (the
 * checks that count), the workspace (the same checks while typing, the outline) and the public pages.
 */
import { plotGeometry as geometryMessages } from '#shared/i18n/vi/plot-geometry.ts';
import { type CleanRing, type CrossingWork, findCrossings, insideRing } from './crossings.ts';

export type { CrossingWork };

export type Position = [number, number]; // [longitude, latitude], WGS84
export type PlotGeometry =
  | { type: 'Point'; coordinates: Position }
  | { type: 'Polygon'; coordinates: Position[][] }
  | { type: 'MultiPolygon'; coordinates: Position[][][] };

/** Bound before work: more positions than this in one plot is an error (the crossing check is quadratic). */
export const MAX_PLOT_POSITIONS = 2000;
/** A geometry given as text (pasted in the workspace) longer than this is refused before it is parsed. */
export const MAX_GEOMETRY_TEXT = 200_000;
/** The EU rule: a plot over this many hectares must be described by a polygon, not a point. */
export const POINT_MAX_HA = 4;
/** The declared area may differ from the measured one by at most this fraction. */
export const AREA_TOLERANCE = 0.1;
/** At most this many errors are listed for one plot; the rest are counted. */
export const MAX_GEOMETRY_ERRORS = 10;

/**
 * Vietnam's mainland with its coastal islands (Phú Quốc, Côn Đảo, Thổ Chu, Bạch Long Vĩ all fall inside).
 * The Hoàng Sa and Trường Sa archipelagos are left out on purpose: no plot of coffee, cocoa, rubber or wood
 * grows there, and widening the box to them would hide a plot drawn in the sea off the coast. A box is coarse
 * (it takes in parts of Laos, Cambodia and China), so being outside it is a warning, never an error.
 */
export const VIETNAM_BOX = { west: 102.1, east: 109.5, south: 8.1, north: 23.4 } as const;

export type GeometryCheck = {
  geometry: PlotGeometry | null; // the parsed geometry when there are no errors
  errors: string[]; // Vietnamese, each a whole sentence, without the plot's name (the caller prefixes it)
  warnings: string[]; // e.g. outside Vietnam's bounding box
  areaHa: number | null; // geodesic area in hectares (null for a Point)
};

const m = geometryMessages;

// WGS84, the datum of GeoJSON and of the EU's information system.
const WGS84_A = 6_378_137;
const WGS84_F = 1 / 298.257223563;
const WGS84_E2 = WGS84_F * (2 - WGS84_F);
const WGS84_E = Math.sqrt(WGS84_E2);
const RAD = Math.PI / 180;

/** Snyder's q(φ) from sin φ: the ellipsoid's equal-area ordinate, sin(authalic latitude) × q at the pole. */
function authalicQ(sinPhi: number): number {
  const es = WGS84_E * sinPhi;
  return (1 - WGS84_E2) * (sinPhi / (1 - es * es) - (1 / (2 * WGS84_E)) * Math.log((1 - es) / (1 + es)));
}

/**
 * A ring's area in square metres on the WGS84 ellipsoid, unsigned. The ring is drawn on Lambert's cylindrical
 * equal-area projection of the ellipsoid (x = longitude, y = q(latitude)), where area is kept exactly, and
 * measured by the shoelace formula there: area = a² / 2 × |Σ (x_i q_{i+1} − x_{i+1} q_i)| / 2.
 * Why the ellipsoid rather than turf's sphere: the sphere of the equatorial radius that turf and most
 * GeoJSON tools use reads areas a little high at Vietnam's latitudes, and that error would be taken out of the
 * 10% the EU leaves between a declared area and the measured one; GIS tools (QGIS's ellipsoidal measure,
 * GeographicLib) measure on the ellipsoid. The edges between positions are straight on that projection, not
 * geodesics: over a farm plot's few hundred metres the two do not differ in any digit that matters.
 * Positions are taken relative to the first so that the sums keep their precision.
 */
function ringAreaM2(ring: readonly Position[]): number {
  const n = ring.length;
  if (n < 3) return 0;
  const x0 = ring[0]![0] * RAD;
  const q0 = authalicQ(Math.sin(ring[0]![1] * RAD));
  let sum = 0;
  let px = 0;
  let pq = 0;
  for (let i = 1; i < n; i++) {
    const x = ring[i]![0] * RAD - x0;
    const q = authalicQ(Math.sin(ring[i]![1] * RAD)) - q0;
    sum += px * q - x * pq;
    px = x;
    pq = q;
  }
  return Math.abs(((WGS84_A * WGS84_A) / 2) * (sum / 2));
}

function polygonAreaM2(rings: readonly Position[][]): number {
  if (rings.length === 0) return 0;
  let area = ringAreaM2(rings[0]!);
  for (let i = 1; i < rings.length; i++) area -= ringAreaM2(rings[i]!);
  return Math.max(0, area);
}

/** The geometry's area in hectares on the WGS84 ellipsoid (0 for a Point); holes are taken out. */
export function geodesicAreaHa(geometry: PlotGeometry): number {
  if (geometry.type === 'Point') return 0;
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  let m2 = 0;
  for (const p of polygons) m2 += polygonAreaM2(p);
  return m2 / 10_000;
}

/** What was read from the input before the rules: positions as [lon, lat], each ring as given. */
type Shape =
  | { type: 'Point'; point: Position }
  | { type: 'Polygon' | 'MultiPolygon'; polygons: Position[][][] };

class Faults {
  readonly list: string[] = [];
  more = 0;
  add(message: string): void {
    if (this.list.length < MAX_GEOMETRY_ERRORS) this.list.push(message);
    else this.more++;
  }
  get full(): boolean {
    return this.list.length >= MAX_GEOMETRY_ERRORS;
  }
  messages(): string[] {
    return this.more > 0 ? [...this.list, m.moreErrors(this.more)] : this.list;
  }
}

function ringLabel(multi: boolean, polygon: number, ring: number): string {
  return multi ? m.where.polygonRing(polygon + 1, ring + 1) : m.where.ring(ring + 1);
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * Reads one position: a pair of finite numbers (an altitude after them is allowed and dropped), in range.
 * `where` names it and is called only for a fault: a plot's thousands of positions make no strings.
 */
function readPosition(
  value: unknown,
  where: () => string,
  faults: Faults,
  swapSeen: { seen: boolean },
): Position | null {
  if (
    !Array.isArray(value) ||
    value.length < 2 ||
    value.length > 3 ||
    !finite(value[0]) ||
    !finite(value[1]) ||
    (value.length === 3 && !finite(value[2]))
  ) {
    faults.add(m.badPosition(where()));
    return null;
  }
  const lon = value[0] as number;
  const lat = value[1] as number;
  let ok = true;
  if (lat > 90 || lat < -90) {
    ok = false;
    // A latitude past the pole with a longitude that would be a latitude: the pair was written [lat, lon]
    // (a Vietnamese plot at [10.8, 106.6] reads as latitude 106.6). Said once per plot: every position of a
    // swapped file is swapped.
    if (Math.abs(lon) <= 90 && Math.abs(lat) <= 180) {
      if (!swapSeen.seen) faults.add(m.swapped(where(), lon, lat));
      swapSeen.seen = true;
    } else {
      faults.add(m.latRange(where(), lat));
    }
  }
  if (lon > 180 || lon < -180) {
    ok = false;
    faults.add(m.lonRange(where(), lon));
  }
  if (!ok) return null;
  // The input's own pair when it has no altitude: a plot's positions are not copied one by one.
  return value.length === 2 ? (value as Position) : [lon, lat];
}

/**
 * Reads the coordinates of the given type, counting positions: past MAX_PLOT_POSITIONS it stops, so an
 * oversized input costs no more than the bound.
 */
function readShape(type: string, coordinates: unknown, faults: Faults): Shape | null {
  const swap = { seen: false };
  if (type === 'Point') {
    const point = readPosition(coordinates, () => m.where.point, faults, swap);
    return point ? { type: 'Point', point } : null;
  }
  const multi = type === 'MultiPolygon';
  const polygonsIn = multi ? coordinates : [coordinates];
  if (!Array.isArray(polygonsIn) || polygonsIn.length === 0) {
    faults.add(m.badNesting(multi ? 'MultiPolygon' : 'Polygon'));
    return null;
  }
  let count = 0;
  for (const p of polygonsIn) {
    if (!Array.isArray(p)) continue;
    for (const r of p) if (Array.isArray(r)) count += r.length;
    if (count > MAX_PLOT_POSITIONS) {
      faults.add(m.tooManyPositions(MAX_PLOT_POSITIONS));
      return null;
    }
  }
  const polygons: Position[][][] = [];
  let ok = true;
  for (let pi = 0; pi < polygonsIn.length && !faults.full; pi++) {
    const p = polygonsIn[pi];
    const polygonWhere = multi ? m.where.polygon(pi + 1) : m.where.thePolygon;
    if (!Array.isArray(p)) {
      faults.add(m.badNesting(polygonWhere));
      ok = false;
      continue;
    }
    if (p.length === 0) {
      faults.add(m.noRings(polygonWhere));
      ok = false;
      continue;
    }
    const rings: Position[][] = [];
    for (let ri = 0; ri < p.length && !faults.full; ri++) {
      const label = ringLabel(multi, pi, ri);
      const r = p[ri];
      if (!Array.isArray(r)) {
        faults.add(m.badNesting(label));
        ok = false;
        continue;
      }
      const ring: Position[] = [];
      for (let k = 0; k < r.length && !faults.full; k++) {
        const pos = readPosition(r[k], () => m.where.position(label, k + 1), faults, swap);
        if (pos) ring.push(pos);
        else ok = false;
      }
      rings.push(ring);
    }
    polygons.push(rings);
  }
  return ok ? { type: multi ? 'MultiPolygon' : 'Polygon', polygons } : null;
}

/** The ring without consecutive repeated positions (allowed by GeoJSON, but they make zero-length edges). */
function cleanRing(ring: readonly Position[], label: string): CleanRing {
  const xs: number[] = [];
  const ys: number[] = [];
  const index: number[] = [];
  for (let k = 0; k < ring.length; k++) {
    const p = ring[k]!;
    const x = p[0];
    const y = p[1];
    const n = xs.length;
    if (n > 0 && xs[n - 1] === x && ys[n - 1] === y) continue;
    xs.push(x);
    ys.push(y);
    index.push(k);
  }
  return { xs, ys, index, label };
}

/**
 * Whether every position of the ring lies within a ten-millionth of a degree (about a centimetre) of the line
 * from its first position to the one farthest from it.
 */
function inALine(c: CleanRing): boolean {
  const { xs, ys } = c;
  let far = 0;
  let farD = 0;
  for (let k = 1; k < xs.length; k++) {
    const d = (xs[k]! - xs[0]!) ** 2 + (ys[k]! - ys[0]!) ** 2;
    if (d > farD) {
      farD = d;
      far = k;
    }
  }
  if (farD === 0) return true;
  const dx = xs[far]! - xs[0]!;
  const dy = ys[far]! - ys[0]!;
  const length = Math.sqrt(farD);
  for (let k = 1; k < xs.length; k++) {
    const off = Math.abs(dx * (ys[k]! - ys[0]!) - dy * (xs[k]! - xs[0]!)) / length;
    if (off > 1e-7) return false;
  }
  return true;
}

/** The ring rules: at least 4 positions, closed, with an area, and no crossings anywhere in the plot. */
function checkRings(
  polygons: Position[][][],
  multi: boolean,
  faults: Faults,
  work: CrossingWork | undefined,
): void {
  const clean: CleanRing[] = [];
  const shellOf: number[] = []; // for each polygon, its outer ring's place in `clean`
  const holesOf: number[][] = [];
  let structural = false;
  for (let pi = 0; pi < polygons.length; pi++) {
    holesOf.push([]);
    shellOf.push(-1);
    for (let ri = 0; ri < polygons[pi]!.length; ri++) {
      const ring = polygons[pi]![ri]!;
      const label = ringLabel(multi, pi, ri);
      if (ring.length < 4) {
        faults.add(m.ringTooShort(label, ring.length));
        structural = true;
        continue;
      }
      const first = ring[0]!;
      const last = ring[ring.length - 1]!;
      if (first[0] !== last[0] || first[1] !== last[1]) {
        faults.add(m.ringOpen(label));
        structural = true;
        continue;
      }
      const c = cleanRing(ring, label);
      // Fewer than three distinct positions, or all in a line: a line, not a field.
      if (c.xs.length < 4 || inALine(c)) {
        faults.add(m.ringFlat(label));
        structural = true;
        continue;
      }
      if (ri === 0) shellOf[pi] = clean.length;
      else holesOf[pi]!.push(clean.length);
      clean.push(c);
    }
  }
  if (structural || faults.full) return;

  const crossings = findCrossings(clean, 3, work);
  if (crossings === 'tooMuchWork') {
    faults.add(m.tooMuchWork);
    return;
  }
  for (const c of crossings) {
    if (c.kind === 'self') {
      const r = clean[c.ring]!;
      faults.add(m.selfCross(r.label, r.index[c.edgeA]! + 1, r.index[c.edgeB]! + 1));
    } else if (c.kind === 'spike') {
      const r = clean[c.ring]!;
      faults.add(m.ringSpike(r.label, r.index[c.position]! + 1));
    } else {
      faults.add(m.ringsCross(clean[c.ringA]!.label, clean[c.ringB]!.label));
    }
  }
  if (faults.list.length > 0) return;

  // No two rings meet, so one position of a ring tells on which side of another ring all of it lies.
  for (let pi = 0; pi < polygons.length; pi++) {
    const shell = clean[shellOf[pi]!]!;
    for (const h of holesOf[pi]!) {
      const hole = clean[h]!;
      if (!insideRing(shell, hole.xs[0]!, hole.ys[0]!)) faults.add(m.holeOutside(hole.label));
    }
  }
  for (let i = 0; i < polygons.length; i++) {
    const shell = clean[shellOf[i]!]!;
    for (let j = 0; j < polygons.length; j++) {
      if (i === j) continue;
      const other = clean[shellOf[j]!]!;
      const x = other.xs[0]!;
      const y = other.ys[0]!;
      if (!insideRing(shell, x, y)) continue;
      // Inside a hole of polygon i is allowed: an island in a pond.
      if (holesOf[i]!.some((h) => insideRing(clean[h]!, x, y))) continue;
      faults.add(m.polygonsOverlap(i + 1, j + 1));
    }
  }
}

function outsideBox(shape: Shape): boolean {
  const out = ([lon, lat]: Position) =>
    lon < VIETNAM_BOX.west || lon > VIETNAM_BOX.east || lat < VIETNAM_BOX.south || lat > VIETNAM_BOX.north;
  if (shape.type === 'Point') return out(shape.point);
  return shape.polygons.some((p) => p.some((r) => r.some(out)));
}

/** Unwraps the input to a GeoJSON geometry object: parses text, takes a Feature's geometry. */
function unwrap(input: unknown, faults: Faults): { type: string; coordinates: unknown } | null {
  let g = input;
  if (typeof g === 'string') {
    if (g.length > MAX_GEOMETRY_TEXT) {
      faults.add(m.textTooLong(MAX_GEOMETRY_TEXT));
      return null;
    }
    try {
      g = JSON.parse(g);
    } catch {
      faults.add(m.badJson);
      return null;
    }
  }
  if (
    typeof g === 'object' &&
    g !== null &&
    !Array.isArray(g) &&
    (g as { type?: unknown }).type === 'Feature'
  ) {
    g = (g as { geometry?: unknown }).geometry;
  }
  if (typeof g !== 'object' || g === null || Array.isArray(g)) {
    faults.add(m.notGeoJson);
    return null;
  }
  const { type, coordinates } = g as { type?: unknown; coordinates?: unknown };
  if (type === 'FeatureCollection') {
    faults.add(m.featureCollection);
    return null;
  }
  if (typeof type !== 'string' || coordinates === undefined) {
    faults.add(
      typeof type === 'string' && type !== 'Point' && type !== 'Polygon' && type !== 'MultiPolygon'
        ? m.unsupportedType(type.slice(0, 40))
        : m.notGeoJson,
    );
    return null;
  }
  if (type !== 'Point' && type !== 'Polygon' && type !== 'MultiPolygon') {
    faults.add(m.unsupportedType(type.slice(0, 40)));
    return null;
  }
  return { type, coordinates };
}

/**
 * Checks a plot's geometry against issue 34's rules. The input is whatever a person or a file gave: a GeoJSON
 * geometry object, a Feature holding one, or either as JSON text. Errors and warnings are Vietnamese
 * sentences; on any error `geometry` is null. The geometry given back holds only `type` and `coordinates`
 * with [lon, lat] pairs (an altitude is dropped), ready to be stored.
 */
export function checkPlotGeometry(input: {
  geometry: unknown;
  declaredAreaHa: number | null;
  country: string;
  /** A budget of edge comparisons shared with other plots (an import); a lone plot needs none. */
  work?: CrossingWork;
}): GeometryCheck {
  const faults = new Faults();
  const warnings: string[] = [];
  const failed = (): GeometryCheck => ({ geometry: null, errors: faults.messages(), warnings, areaHa: null });
  const declared = input.declaredAreaHa;
  if (declared !== null && (typeof declared !== 'number' || !Number.isFinite(declared) || declared < 0)) {
    faults.add(m.declaredInvalid);
  }
  const raw = unwrap(input.geometry, faults);
  if (!raw) return failed();
  const shape = readShape(raw.type, raw.coordinates, faults);
  if (!shape || faults.list.length > 0) return failed();

  if (shape.type === 'Point') {
    if (declared !== null && declared > POINT_MAX_HA) faults.add(m.pointOver4ha(declared));
    if (declared === null) warnings.push(m.pointWithoutArea);
  } else {
    checkRings(shape.polygons, shape.type === 'MultiPolygon', faults, input.work);
  }
  if (faults.list.length > 0) return failed();

  const geometry: PlotGeometry =
    shape.type === 'Point'
      ? { type: 'Point', coordinates: shape.point }
      : shape.type === 'Polygon'
        ? { type: 'Polygon', coordinates: shape.polygons[0]! }
        : { type: 'MultiPolygon', coordinates: shape.polygons };
  const areaHa = shape.type === 'Point' ? null : geodesicAreaHa(geometry);
  if (areaHa !== null && declared !== null) {
    const off = areaHa > 0 ? Math.abs(declared - areaHa) / areaHa : Number.POSITIVE_INFINITY;
    // A hair over the tolerance from rounding the declared figure is not a fault.
    if (off > AREA_TOLERANCE + 1e-9) {
      faults.add(m.areaMismatch(declared, round(areaHa, 4), round(off * 100, 1)));
      return failed();
    }
  }
  if (input.country === 'VN' && outsideBox(shape)) warnings.push(m.outsideVietnam);
  return { geometry, errors: [], warnings, areaHa };
}

function round(n: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(n * f) / f;
}

/** The most positions drawn in one outline, all plots together: keeps a public page's SVG small. */
export const MAX_OUTLINE_POSITIONS = 3000;
/** Past this many plots, each plot is drawn as a dot: outlines that small say nothing. */
export const MAX_OUTLINE_SHAPES = 300;
/** The most dots drawn. */
export const MAX_OUTLINE_POINTS = 1000;

/** Every `step`-th position of the ring, always keeping the first and closing one. */
function sample(ring: readonly Position[], budget: number): readonly Position[] {
  if (ring.length <= budget) return ring;
  const step = Math.ceil((ring.length - 1) / (budget - 1));
  const out: Position[] = [];
  for (let k = 0; k < ring.length - 1; k += step) out.push(ring[k]!);
  out.push(ring[ring.length - 1]!);
  return out;
}

/**
 * Draws the plots into a square SVG viewBox of `size` units, north up: longitude scaled by the cosine of the
 * middle latitude (equirectangular), so a square field looks square. Each polygonal plot is one path (its
 * rings as subpaths: draw with fill-rule="evenodd" so holes show); a Point plot, a plot too small to draw, and
 * every plot when there are more than MAX_OUTLINE_SHAPES, is a point in `points` (viewBox coordinates, for a
 * dot). Coordinates are rounded to a tenth of a unit and positions are sampled to MAX_OUTLINE_POSITIONS in
 * all, so the drawing stays small whatever the plots hold.
 */
export function plotOutline(
  geometries: readonly PlotGeometry[],
  size: number,
): { viewBox: string; paths: string[]; points: Position[] } {
  const viewBox = `0 0 ${size} ${size}`;
  let west = Number.POSITIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  let south = Number.POSITIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  const extend = ([lon, lat]: Position) => {
    if (lon < west) west = lon;
    if (lon > east) east = lon;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  };
  for (const g of geometries) {
    if (g.type === 'Point') extend(g.coordinates);
    // The outer rings hold every part of a valid plot.
    else for (const p of g.type === 'Polygon' ? [g.coordinates] : g.coordinates) p[0]?.forEach(extend);
  }
  if (!(west <= east)) return { viewBox, paths: [], points: [] };
  const k = Math.cos(((south + north) / 2) * RAD);
  const width = (east - west) * k;
  const height = north - south;
  const pad = size * 0.05;
  const span = Math.max(width, height);
  const scale = span > 0 ? (size - 2 * pad) / span : 0;
  // Centred: the shorter side gets the leftover space on both sides.
  const offX = (size - width * scale) / 2;
  const offY = (size - height * scale) / 2;
  const r = (v: number) => Math.round(v * 10) / 10;
  const toView = ([lon, lat]: Position): Position => [
    r(offX + (lon - west) * k * scale),
    r(offY + (north - lat) * scale),
  ];

  const paths: string[] = [];
  const points: Position[] = [];
  const seenPoints = new Set<string>();
  const addPoint = (p: Position) => {
    const v = toView(p);
    const key = `${v[0]},${v[1]}`;
    if (seenPoints.has(key)) return;
    seenPoints.add(key);
    points.push(v);
  };
  const asDots = geometries.length > MAX_OUTLINE_SHAPES;
  const perPlot = Math.max(8, Math.floor(MAX_OUTLINE_POSITIONS / Math.max(1, geometries.length)));
  // Dots are sampled evenly when there are more plots than dots.
  const dotStep = Math.max(1, Math.ceil(geometries.length / MAX_OUTLINE_POINTS));
  for (let gi = 0; gi < geometries.length; gi++) {
    const g = geometries[gi]!;
    const polygons = g.type === 'Point' ? [] : g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
    const firstPosition = g.type === 'Point' ? g.coordinates : polygons[0]?.[0]?.[0];
    if (g.type === 'Point' || asDots) {
      if (firstPosition && gi % dotStep === 0) addPoint(firstPosition);
      continue;
    }
    let total = 0;
    for (const p of polygons) for (const ring of p) total += ring.length;
    let d = '';
    for (const p of polygons) {
      for (const ring of p) {
        const budget = Math.max(4, Math.floor((perPlot * ring.length) / Math.max(1, total)));
        let sub = '';
        let distinct = 0;
        let last: Position | null = null;
        for (const pos of sample(ring, budget)) {
          const v = toView(pos);
          if (last && last[0] === v[0] && last[1] === v[1]) continue;
          sub += `${last ? 'L' : 'M'}${v[0]} ${v[1]}`;
          last = v;
          distinct++;
        }
        // A ring that rounds to fewer than three distinct points has nothing to show as a shape.
        if (distinct >= 3) d += `${sub}Z`;
      }
    }
    if (d) paths.push(d);
    else if (firstPosition && points.length < MAX_OUTLINE_POINTS) addPoint(firstPosition);
  }
  return { viewBox, paths, points };
}
