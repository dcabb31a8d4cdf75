/**
 * Whether the rings of one plot cross themselves or each other (issue 34, decision 216). The edges are swept
 * along the longitude: sorted by their west end, each is compared only with the edges still open at that
 * longitude and overlapping it in latitude. A walked field boundary keeps few edges open at once; the worst
 * case is still quadratic in the edges, which is why geometry.ts refuses a plot with more than
 * MAX_PLOT_POSITIONS positions before it comes here.
 */

/** One ring with its consecutive repeated positions removed; `index[k]` is position k's place in the input. */
export type CleanRing = { xs: number[]; ys: number[]; index: number[]; label: string };

/** Up to this many edges, every pair is compared: cheaper than sorting them for the sweep. */
const SMALL_PLOT_EDGES = 16;

/**
 * What is left of a budget of edge comparisons shared by several plots (an import's file): one plot is bounded
 * by MAX_PLOT_POSITIONS, a file of many worst-case plots by this.
 */
export type CrossingWork = { left: number };

export type Crossing =
  | { kind: 'self'; ring: number; edgeA: number; edgeB: number }
  | { kind: 'spike'; ring: number; position: number }
  | { kind: 'rings'; ringA: number; ringB: number };

/** The sign of the turn a → b → c: positive to the left, negative to the right, 0 when in a line. */
function orient(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): number {
  const d = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
  return d > 0 ? 1 : d < 0 ? -1 : 0;
}

function onSegment(ax: number, ay: number, bx: number, by: number, cx: number, cy: number): boolean {
  return Math.min(ax, bx) <= cx && cx <= Math.max(ax, bx) && Math.min(ay, by) <= cy && cy <= Math.max(ay, by);
}

/** Whether segments ab and cd share any point (crossing, touching or overlapping). */
function segmentsMeet(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): boolean {
  const o1 = orient(ax, ay, bx, by, cx, cy);
  const o2 = orient(ax, ay, bx, by, dx, dy);
  const o3 = orient(cx, cy, dx, dy, ax, ay);
  const o4 = orient(cx, cy, dx, dy, bx, by);
  if (o1 !== o2 && o3 !== o4) return true;
  if (o1 === 0 && onSegment(ax, ay, bx, by, cx, cy)) return true;
  if (o2 === 0 && onSegment(ax, ay, bx, by, dx, dy)) return true;
  if (o3 === 0 && onSegment(cx, cy, dx, dy, ax, ay)) return true;
  if (o4 === 0 && onSegment(cx, cy, dx, dy, bx, by)) return true;
  return false;
}

/**
 * The first crossings found among the rings (at most `limit`): a ring crossing or touching itself away from
 * its neighbouring edges, a ring turning straight back on itself, two rings crossing or touching.
 * Coordinates are taken relative to the first position so that the products keep their precision.
 */
export function findCrossings(
  rings: readonly CleanRing[],
  limit: number,
  work: CrossingWork = { left: Number.POSITIVE_INFINITY },
): Crossing[] | 'tooMuchWork' {
  const found: Crossing[] = [];
  let edges = 0;
  for (const r of rings) edges += r.xs.length - 1;
  const x0 = rings[0]?.xs[0] ?? 0;
  const y0 = rings[0]?.ys[0] ?? 0;
  const ax = new Array<number>(edges);
  const ay = new Array<number>(edges);
  const bx = new Array<number>(edges);
  const by = new Array<number>(edges);
  const ringOf = new Array<number>(edges);
  const edgeOf = new Array<number>(edges);
  let e = 0;
  for (let r = 0; r < rings.length; r++) {
    const { xs, ys } = rings[r]!;
    const n = xs.length;
    for (let k = 0; k < n - 1; k++) {
      ax[e] = xs[k]! - x0;
      ay[e] = ys[k]! - y0;
      bx[e] = xs[k + 1]! - x0;
      by[e] = ys[k + 1]! - y0;
      ringOf[e] = r;
      edgeOf[e] = k;
      e++;
    }
    // A spike: the boundary goes to a position and straight back along the same line.
    for (let k = 0; k < n - 1 && found.length < limit; k++) {
      const prev = k === 0 ? n - 2 : k - 1;
      const px = xs[prev]!;
      const py = ys[prev]!;
      const cx = xs[k]!;
      const cy = ys[k]!;
      const nx = xs[k + 1]!;
      const ny = ys[k + 1]!;
      if (orient(px, py, cx, cy, nx, ny) === 0 && (px - cx) * (nx - cx) + (py - cy) * (ny - cy) > 0) {
        found.push({ kind: 'spike', ring: r, position: k });
      }
    }
  }
  if (found.length >= limit) return found;

  const minX = new Array<number>(edges);
  const maxX = new Array<number>(edges);
  const minY = new Array<number>(edges);
  const maxY = new Array<number>(edges);
  for (let i = 0; i < edges; i++) {
    minX[i] = Math.min(ax[i]!, bx[i]!);
    maxX[i] = Math.max(ax[i]!, bx[i]!);
    minY[i] = Math.min(ay[i]!, by[i]!);
    maxY[i] = Math.max(ay[i]!, by[i]!);
  }
  const seenRingPairs = new Set<number>();
  /** Compares edges i and j (their boxes overlap); true when enough crossings are found. */
  const compare = (i: number, j: number): boolean => {
    const ri = ringOf[i]!;
    const rj = ringOf[j]!;
    const pair = Math.min(ri, rj) * rings.length + Math.max(ri, rj);
    if (ri === rj) {
      const last = rings[ri]!.xs.length - 2;
      const d = Math.abs(edgeOf[i]! - edgeOf[j]!);
      // Neighbouring edges share a position; their going back on each other is the spike above.
      if (d === 1 || d === last) return false;
    } else if (seenRingPairs.has(pair)) {
      return false;
    }
    if (!segmentsMeet(ax[i]!, ay[i]!, bx[i]!, by[i]!, ax[j]!, ay[j]!, bx[j]!, by[j]!)) return false;
    if (ri === rj) {
      found.push({
        kind: 'self',
        ring: ri,
        edgeA: Math.min(edgeOf[i]!, edgeOf[j]!),
        edgeB: Math.max(edgeOf[i]!, edgeOf[j]!),
      });
    } else {
      seenRingPairs.add(pair);
      found.push({ kind: 'rings', ringA: Math.min(ri, rj), ringB: Math.max(ri, rj) });
    }
    return found.length >= limit;
  };
  const overlap = (i: number, j: number) =>
    maxX[j]! >= minX[i]! && minX[j]! <= maxX[i]! && maxY[j]! >= minY[i]! && minY[j]! <= maxY[i]!;

  // A field of a few dozen edges: every pair, without the sweep's sorting.
  if (edges <= SMALL_PLOT_EDGES) {
    work.left -= (edges * (edges - 1)) / 2;
    if (work.left < 0) return 'tooMuchWork';
    for (let i = 1; i < edges; i++) {
      for (let j = 0; j < i; j++) if (overlap(i, j) && compare(i, j)) return found;
    }
    return found;
  }
  const order = Array.from({ length: edges }, (_, i) => i);
  order.sort((i, j) => minX[i]! - minX[j]!);
  const active: number[] = [];
  for (const i of order) {
    const left = minX[i]!;
    // Drop the edges that end west of this one.
    let kept = 0;
    for (const j of active) if (maxX[j]! >= left) active[kept++] = j;
    active.length = kept;
    work.left -= kept;
    if (work.left < 0) return 'tooMuchWork';
    for (const j of active) if (overlap(i, j) && compare(i, j)) return found;
    active.push(i);
  }
  return found;
}

/** Whether (x, y) lies inside the ring (even-odd rule on the plane of longitude and latitude). */
export function insideRing(ring: CleanRing, x: number, y: number): boolean {
  const { xs, ys } = ring;
  let inside = false;
  for (let i = 0, j = xs.length - 1; i < xs.length; j = i++) {
    const yi = ys[i]!;
    const yj = ys[j]!;
    if (yi > y !== yj > y) {
      const xCross = ((xs[j]! - xs[i]!) * (y - yi)) / (yj - yi) + xs[i]!;
      if (x < xCross) inside = !inside;
    }
  }
  return inside;
}
