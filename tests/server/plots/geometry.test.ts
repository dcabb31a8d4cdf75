import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPlotGeometry,
  type GeometryCheck,
  geodesicAreaHa,
  MAX_OUTLINE_POINTS,
  MAX_OUTLINE_POSITIONS,
  MAX_PLOT_POSITIONS,
  type PlotGeometry,
  type Position,
  plotOutline,
} from '#shared/plots/geometry.ts';

// A coffee plot near Buôn Ma Thuột (Đắk Lắk).
const LON = 108.05;
const LAT = 12.68;

const A = 6_378_137;
const E2 = (1 / 298.257223563) * (2 - 1 / 298.257223563);
const RAD = Math.PI / 180;

/** Metres per degree of longitude and of latitude on the WGS84 ellipsoid at `lat` (radii of curvature). */
function metresPerDegree(lat: number): { lon: number; lat: number } {
  const s = Math.sin(lat * RAD);
  const w = 1 - E2 * s * s;
  const n = A / Math.sqrt(w);
  const mer = (A * (1 - E2)) / w ** 1.5;
  return { lon: n * Math.cos(lat * RAD) * RAD, lat: mer * RAD };
}

/** A square of `side` metres whose south-west corner is (lon, lat), counter-clockwise, closed. */
function square(lon: number, lat: number, side: number): Position[] {
  const d = metresPerDegree(lat);
  const dLon = side / d.lon;
  const dLat = side / d.lat;
  return [
    [lon, lat],
    [lon + dLon, lat],
    [lon + dLon, lat + dLat],
    [lon, lat + dLat],
    [lon, lat],
  ];
}

function check(geometry: unknown, declaredAreaHa: number | null = null, country = 'VN'): GeometryCheck {
  return checkPlotGeometry({ geometry, declaredAreaHa, country });
}

function expectError(result: GeometryCheck, pattern: RegExp): void {
  expect(result.geometry).toBeNull();
  expect(result.errors.join('\n')).toMatch(pattern);
}

const hectare = { type: 'Polygon', coordinates: [square(LON, LAT, 100)] };

describe('checkPlotGeometry: valid shapes', () => {
  it('takes a Point and warns that its area is not declared', () => {
    const r = check({ type: 'Point', coordinates: [LON, LAT] });
    expect(r.errors).toEqual([]);
    expect(r.geometry).toEqual({ type: 'Point', coordinates: [LON, LAT] });
    expect(r.areaHa).toBeNull();
    expect(r.warnings.join()).toMatch(/4 ha/);
  });

  it('takes a 1 ha Polygon and measures it', () => {
    const r = check(hectare, 1);
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.areaHa).toBeCloseTo(1, 4);
  });

  it('takes a MultiPolygon with a hole, and takes the hole out of the area', () => {
    const shell = square(LON, LAT, 300);
    const d = metresPerDegree(LAT);
    const hole = square(LON + 100 / d.lon, LAT + 100 / d.lat, 100).reverse();
    const second = square(LON + 0.01, LAT, 100);
    const r = check({ type: 'MultiPolygon', coordinates: [[shell, hole], [second]] });
    expect(r.errors).toEqual([]);
    expect(r.areaHa).toBeCloseTo(9 - 1 + 1, 3);
  });

  it('takes a Feature, JSON text, and drops an altitude', () => {
    const ring = square(LON, LAT, 100).map(([x, y]) => [x, y, 512]);
    const feature = { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } };
    const r = check(JSON.stringify(feature));
    expect(r.errors).toEqual([]);
    expect(r.geometry?.type).toBe('Polygon');
    const first = (r.geometry as { coordinates: Position[][] }).coordinates[0]![0]!;
    expect(first).toEqual([LON, LAT]);
  });

  it('allows repeated consecutive positions', () => {
    const ring = square(LON, LAT, 100);
    ring.splice(1, 0, ring[1]!);
    expect(check({ type: 'Polygon', coordinates: [ring] }).errors).toEqual([]);
  });

  it('allows a polygon inside another polygon hole (an island in a pond)', () => {
    const d = metresPerDegree(LAT);
    const shell = square(LON, LAT, 300);
    const hole = square(LON + 50 / d.lon, LAT + 50 / d.lat, 200);
    const island = square(LON + 100 / d.lon, LAT + 100 / d.lat, 100);
    expect(check({ type: 'MultiPolygon', coordinates: [[shell, hole], [island]] }).errors).toEqual([]);
  });
});

describe('checkPlotGeometry: structure', () => {
  it('refuses what is not a GeoJSON geometry', () => {
    expectError(check(null), /GeoJSON/);
    expectError(check([LON, LAT]), /GeoJSON/);
    expectError(check('{not json'), /JSON/);
    expectError(check({ type: 'Polygon' }), /GeoJSON/);
  });

  it('refuses other geometry types and collections', () => {
    expectError(
      check({
        type: 'LineString',
        coordinates: [
          [LON, LAT],
          [LON + 1, LAT],
        ],
      }),
      /LineString.*Point, Polygon/,
    );
    expectError(check({ type: 'FeatureCollection', features: [] }), /FeatureCollection/);
  });

  it('refuses positions that are not pairs of finite numbers', () => {
    expectError(check({ type: 'Point', coordinates: ['108', '12'] }), /Điểm: toạ độ phải là hai số/);
    expectError(check({ type: 'Point', coordinates: [LON, Number.NaN] }), /hai số/);
    expectError(check({ type: 'Point', coordinates: [LON] }), /hai số/);
    const ring: unknown[] = square(LON, LAT, 100);
    ring[2] = [LON, Number.POSITIVE_INFINITY];
    expectError(check({ type: 'Polygon', coordinates: [ring] }), /Vòng 1, vị trí 3: toạ độ phải là hai số/);
  });

  it('refuses a wrongly nested Polygon', () => {
    expectError(check({ type: 'Polygon', coordinates: [LON, LAT] }), /cấu trúc|hai số/);
    expectError(check({ type: 'Polygon', coordinates: [] }), /Polygon|không có vòng nào/);
    expectError(check({ type: 'MultiPolygon', coordinates: [[]] }), /Đa giác 1 không có vòng nào/);
  });
});

describe('checkPlotGeometry: coordinates', () => {
  it('refuses a longitude out of range', () => {
    expectError(check({ type: 'Point', coordinates: [181, LAT] }), /Điểm: kinh độ 181 nằm ngoài/);
  });

  it('refuses a latitude out of range', () => {
    expectError(check({ type: 'Point', coordinates: [120, -95] }), /vĩ độ -95 nằm ngoài/);
  });

  it('says plainly when a Vietnamese point is written [lat, lon]', () => {
    const r = check({ type: 'Point', coordinates: [LAT, LON] });
    expectError(r, /Toạ độ có vẻ bị đảo: GeoJSON ghi \[kinh độ, vĩ độ\]/);
    expect(r.errors[0]).toMatch(/vĩ độ 108,05 là không thể/);
  });

  it('says it once for a swapped polygon, not for every position', () => {
    const ring = square(LON, LAT, 100).map(([x, y]) => [y, x]);
    const r = check({ type: 'Polygon', coordinates: [ring] });
    expectError(r, /bị đảo/);
    expect(r.errors).toHaveLength(1);
    expect(r.errors[0]).toMatch(/^Vòng 1, vị trí 1:/);
  });

  it('warns, only for a Vietnamese plot, when it lies outside Vietnam', () => {
    const laos = { type: 'Polygon', coordinates: [square(101.5, 20, 100)] };
    expect(check(laos).warnings.join()).toMatch(/ngoài khung toạ độ của Việt Nam/);
    expect(check(laos).errors).toEqual([]);
    expect(check(laos, null, 'LA').warnings).toEqual([]);
    // Phú Quốc and Côn Đảo are inside.
    expect(check({ type: 'Polygon', coordinates: [square(103.96, 10.22, 100)] }).warnings).toEqual([]);
    expect(check({ type: 'Polygon', coordinates: [square(106.6, 8.68, 100)] }).warnings).toEqual([]);
  });
});

describe('checkPlotGeometry: rings', () => {
  it('refuses a ring that is not closed', () => {
    const ring = square(LON, LAT, 100).slice(0, 4);
    ring.push([LON + 0.0001, LAT + 0.0001]);
    expectError(check({ type: 'Polygon', coordinates: [ring] }), /^Vòng 1 chưa khép kín/);
  });

  it('refuses a ring of fewer than 4 positions', () => {
    const ring = [square(LON, LAT, 100)[0]!, square(LON, LAT, 100)[1]!, square(LON, LAT, 100)[0]!];
    expectError(
      check({ type: 'Polygon', coordinates: [ring] }),
      /Vòng 1 có 3 vị trí; một vòng cần ít nhất 4/,
    );
  });

  it('names the polygon and ring of a MultiPolygon', () => {
    const open = square(LON + 0.01, LAT, 100).slice(0, 4);
    const r = check({ type: 'MultiPolygon', coordinates: [[square(LON, LAT, 100)], [open]] });
    expectError(r, /Đa giác 2, vòng 1 có 4 vị trí|Đa giác 2, vòng 1 chưa khép kín/);
  });

  it('refuses a ring with no area', () => {
    const line: Position[] = [
      [LON, LAT],
      [LON + 0.001, LAT],
      [LON + 0.002, LAT],
      [LON, LAT],
    ];
    expectError(check({ type: 'Polygon', coordinates: [line] }), /không có diện tích/);
  });

  it('refuses a bow tie (a ring crossing itself)', () => {
    const bowTie: Position[] = [
      [LON, LAT],
      [LON + 0.001, LAT + 0.001],
      [LON + 0.001, LAT],
      [LON, LAT + 0.001],
      [LON, LAT],
    ];
    expectError(
      check({ type: 'Polygon', coordinates: [bowTie] }),
      /Vòng 1 tự cắt: cạnh bắt đầu ở vị trí 1 cắt cạnh bắt đầu ở vị trí 3/,
    );
  });

  it('refuses a ring touching itself at a position', () => {
    // A figure of eight through its middle position.
    const eight: Position[] = [
      [LON, LAT],
      [LON + 0.001, LAT],
      [LON + 0.001, LAT + 0.001],
      [LON + 0.002, LAT + 0.002],
      [LON + 0.001, LAT + 0.002],
      [LON + 0.001, LAT + 0.001],
      [LON, LAT + 0.001],
      [LON, LAT],
    ];
    expectError(check({ type: 'Polygon', coordinates: [eight] }), /tự cắt/);
  });

  it('refuses a ring going straight back on itself', () => {
    const spike: Position[] = [
      [LON, LAT],
      [LON + 0.001, LAT],
      [LON + 0.003, LAT],
      [LON + 0.002, LAT],
      [LON + 0.001, LAT + 0.001],
      [LON, LAT],
    ];
    expectError(check({ type: 'Polygon', coordinates: [spike] }), /quay ngược lại chính nó tại vị trí 3/);
  });

  it('refuses a hole crossing the outer ring, and a hole outside it', () => {
    const shell = square(LON, LAT, 100);
    const crossing = square(LON + 0.0005, LAT + 0.0005, 100);
    expectError(
      check({ type: 'Polygon', coordinates: [shell, crossing] }),
      /Vòng 1 và vòng 2 cắt hoặc chạm nhau/,
    );
    const outside = square(LON + 0.01, LAT, 50);
    expectError(
      check({ type: 'Polygon', coordinates: [shell, outside] }),
      /Vòng 2 là một lỗ nhưng nằm ngoài/,
    );
  });

  it('refuses MultiPolygon parts that cross or lie one inside the other', () => {
    const a = square(LON, LAT, 100);
    const b = square(LON + 0.0005, LAT + 0.0005, 100);
    expectError(
      check({ type: 'MultiPolygon', coordinates: [[a], [b]] }),
      /Đa giác 1, vòng 1 và đa giác 2, vòng 1 cắt/,
    );
    const d = metresPerDegree(LAT);
    const inner = square(LON + 20 / d.lon, LAT + 20 / d.lat, 20);
    expectError(
      check({ type: 'MultiPolygon', coordinates: [[a], [inner]] }),
      /Đa giác 2 nằm bên trong đa giác 1/,
    );
  });

  it(`refuses more than ${MAX_PLOT_POSITIONS} positions before any work, however many there are`, () => {
    const ring = circle(LON, LAT, 200, MAX_PLOT_POSITIONS + 1);
    expectError(check({ type: 'Polygon', coordinates: [ring] }), /Hình có hơn 2\.000 vị trí/);
    // Ten million positions (the same array, so the test is cheap to build) cost no more than the count.
    const huge = new Array<Position>(10_000_000).fill([LON, LAT]);
    const start = performance.now();
    expectError(check({ type: 'Polygon', coordinates: [huge] }), /hơn 2\.000 vị trí/);
    expect(performance.now() - start).toBeLessThan(50);
  });

  it('checks a worst case for the crossing sweep (a serpentine of long edges) in bounded time', () => {
    // Long east-west edges stacked north to south: every edge is open at once along the sweep.
    const teeth = Math.floor((MAX_PLOT_POSITIONS - 3) / 4);
    const ring: Position[] = [];
    const w = 0.01;
    const h = 0.00001;
    for (let t = 0; t < teeth; t++) {
      const y = LAT + t * 4 * h;
      ring.push([LON, y], [LON + w, y], [LON + w, y + h], [LON + 0.0001, y + h]);
    }
    const top = LAT + teeth * 4 * h;
    ring.push([LON, top], [LON - 0.0001, top], [LON - 0.0001, LAT], [LON, LAT]);
    expect(ring.length).toBeLessThanOrEqual(MAX_PLOT_POSITIONS);
    const start = performance.now();
    const r = check({ type: 'Polygon', coordinates: [ring] });
    const ms = performance.now() - start;
    expect(r.errors).toEqual([]);
    expect(ms).toBeLessThan(1000);
  });
});

describe('checkPlotGeometry: a shared budget of work', () => {
  it('refuses a plot once the budget of edge comparisons it shares with others is spent', () => {
    const big = { type: 'Polygon', coordinates: [circle(LON, LAT, 200, MAX_PLOT_POSITIONS)] };
    const work = { left: 1_000_000 };
    expect(checkPlotGeometry({ geometry: big, declaredAreaHa: null, country: 'VN', work }).errors).toEqual(
      [],
    );
    expect(work.left).toBeLessThan(1_000_000);
    const spent = { left: 100 };
    expectError(
      checkPlotGeometry({ geometry: big, declaredAreaHa: null, country: 'VN', work: spent }),
      /quá nhiều đường bao phức tạp/,
    );
  });
});

describe('checkPlotGeometry: area rules', () => {
  it('refuses a Point declared over 4 ha', () => {
    expectError(
      check({ type: 'Point', coordinates: [LON, LAT] }, 4.5),
      /Thửa trên 4 ha \(4,5 ha\) phải được vẽ bằng đa giác/,
    );
    expect(check({ type: 'Point', coordinates: [LON, LAT] }, 4).errors).toEqual([]);
  });

  it('takes a polygon over 4 ha', () => {
    const r = check({ type: 'Polygon', coordinates: [square(LON, LAT, 300)] }, 9);
    expect(r.errors).toEqual([]);
    expect(r.areaHa).toBeCloseTo(9, 3);
  });

  it('takes a declared area within 10% of the measured one, and refuses one further off', () => {
    expect(check(hectare, 1.09).errors).toEqual([]);
    expect(check(hectare, 0.91).errors).toEqual([]);
    expectError(
      check(hectare, 1.2),
      /Diện tích khai báo 1,2 ha lệch 20% so với diện tích đo từ hình \(1 ha\)/,
    );
    expectError(check(hectare, 0), /lệch 100%/);
  });

  it('refuses a negative or non-finite declared area', () => {
    expectError(check(hectare, -1), /không âm/);
    expectError(check(hectare, Number.NaN), /không âm/);
  });
});

describe('geodesicAreaHa', () => {
  /** The ellipsoid's area between two parallels and two meridians, integrated numerically (Simpson). */
  function cellAreaHa(lat1: number, lat2: number, dLon: number): number {
    const steps = 1000;
    const h = ((lat2 - lat1) * RAD) / steps;
    let sum = 0;
    for (let i = 0; i <= steps; i++) {
      const phi = lat1 * RAD + i * h;
      const s = Math.sin(phi);
      const w = 1 - E2 * s * s;
      const f = ((A * A * (1 - E2)) / (w * w)) * Math.cos(phi);
      sum += f * (i === 0 || i === steps ? 1 : i % 2 === 1 ? 4 : 2);
    }
    return (((sum * h) / 3) * dLon * RAD) / 10_000;
  }

  it('measures on the WGS84 ellipsoid (a 1° cell at the equator and in Vietnam)', () => {
    for (const lat of [0, 12, 21]) {
      const cell: PlotGeometry = {
        type: 'Polygon',
        coordinates: [
          [
            [LON, lat],
            [LON + 1, lat],
            [LON + 1, lat + 1],
            [LON, lat + 1],
            [LON, lat],
          ],
        ],
      };
      expect(geodesicAreaHa(cell) / cellAreaHa(lat, lat + 1, 1)).toBeCloseTo(1, 9);
    }
  });

  it('is the same whichever way the ring turns and wherever it starts (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 102.5, max: 109, noNaN: true }),
        fc.double({ min: 8.5, max: 23, noNaN: true }),
        fc.double({ min: 10, max: 2000, noNaN: true }),
        fc.integer({ min: 3, max: 60 }),
        fc.nat(),
        (lon, lat, radius, n, shift) => {
          const ring = circle(lon, lat, radius, n + 1);
          const a = geodesicAreaHa({ type: 'Polygon', coordinates: [ring] });
          const reversed = geodesicAreaHa({ type: 'Polygon', coordinates: [[...ring].reverse()] });
          const open = ring.slice(0, -1);
          const s = shift % open.length;
          const rotated = [...open.slice(s), ...open.slice(0, s)];
          rotated.push(rotated[0]!);
          const b = geodesicAreaHa({ type: 'Polygon', coordinates: [rotated] });
          // A regular n-gon inscribed in a circle of `radius` metres.
          const expected = ((n / 2) * radius * radius * Math.sin((2 * Math.PI) / n)) / 10_000;
          expect(reversed).toBeCloseTo(a, 9);
          expect(b / a).toBeCloseTo(1, 9);
          expect(a / expected).toBeCloseTo(1, 3);
        },
      ),
    );
  });
});

describe('checkPlotGeometry: properties', () => {
  it('takes every regular polygon in Vietnam, and refuses it written [lat, lon]', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 102.5, max: 109, noNaN: true }),
        fc.double({ min: 8.5, max: 23, noNaN: true }),
        fc.double({ min: 5, max: 500, noNaN: true }),
        fc.integer({ min: 3, max: 200 }),
        (lon, lat, radius, n) => {
          const ring = circle(lon, lat, radius, n + 1);
          const ok = check({ type: 'Polygon', coordinates: [ring] });
          expect(ok.errors).toEqual([]);
          expect(ok.warnings).toEqual([]);
          const swapped = check({ type: 'Polygon', coordinates: [ring.map(([x, y]) => [y, x])] });
          expect(swapped.errors.join()).toMatch(/bị đảo/);
        },
      ),
    );
  });
});

/** A regular polygon of `positions - 1` corners on a circle of `radius` metres, closed. */
function circle(lon: number, lat: number, radius: number, positions: number): Position[] {
  const d = metresPerDegree(lat);
  const n = positions - 1;
  const ring: Position[] = [];
  for (let i = 0; i < n; i++) {
    const t = (2 * Math.PI * i) / n;
    ring.push([lon + (radius * Math.cos(t)) / d.lon, lat + (radius * Math.sin(t)) / d.lat]);
  }
  ring.push(ring[0]!);
  return ring;
}

describe('plotOutline', () => {
  it('draws a square field square, in the viewBox, north up', () => {
    const field = { type: 'Polygon', coordinates: [square(LON, 60, 100)] } as PlotGeometry;
    const { viewBox, paths, points } = plotOutline([field], 200);
    expect(viewBox).toBe('0 0 200 200');
    expect(points).toEqual([]);
    expect(paths).toHaveLength(1);
    const nums = paths[0]!.match(/-?[\d.]+/g)!.map(Number);
    const xs = nums.filter((_, i) => i % 2 === 0);
    const ys = nums.filter((_, i) => i % 2 === 1);
    const width = Math.max(...xs) - Math.min(...xs);
    const height = Math.max(...ys) - Math.min(...ys);
    // Equirectangular at the middle latitude keeps a small field's proportions.
    expect(width / height).toBeCloseTo(1, 2);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ys)).toBeLessThanOrEqual(200);
    // The first position is the south-west corner: bottom left.
    expect(nums[0]).toBeCloseTo(10, 0);
    expect(nums[1]).toBeCloseTo(190, 0);
    expect(paths[0]).toMatch(/^M[\d. ]+(L[\d. ]+)+Z$/);
  });

  it('draws points as points and holes as subpaths', () => {
    const d = metresPerDegree(LAT);
    const shell = square(LON, LAT, 300);
    const hole = square(LON + 100 / d.lon, LAT + 100 / d.lat, 100);
    const { paths, points } = plotOutline(
      [
        { type: 'Polygon', coordinates: [shell, hole] },
        { type: 'Point', coordinates: [LON + 0.01, LAT + 0.01] },
      ],
      100,
    );
    expect(paths).toHaveLength(1);
    expect(paths[0]!.match(/M/g)).toHaveLength(2);
    expect(points).toHaveLength(1);
  });

  it('keeps the drawing small however large the plots', () => {
    const big = { type: 'Polygon', coordinates: [circle(LON, LAT, 500, MAX_PLOT_POSITIONS)] } as PlotGeometry;
    const many = Array.from({ length: 20 }, () => big);
    const { paths } = plotOutline(many, 300);
    const drawn = paths.join('').match(/[ML]/g)!.length;
    expect(drawn).toBeLessThanOrEqual(MAX_OUTLINE_POSITIONS);
    const plots = Array.from(
      { length: 5000 },
      (_, i) =>
        ({
          type: 'Point',
          coordinates: [LON + (i % 100) * 0.001, LAT + Math.floor(i / 100) * 0.001],
        }) as PlotGeometry,
    );
    expect(plotOutline(plots, 300).points.length).toBeLessThanOrEqual(MAX_OUTLINE_POINTS);
  });

  it('draws nothing for no plots, and one dot for one point', () => {
    expect(plotOutline([], 100)).toEqual({ viewBox: '0 0 100 100', paths: [], points: [] });
    expect(plotOutline([{ type: 'Point', coordinates: [LON, LAT] }], 100).points).toEqual([[50, 50]]);
  });
});

describe('the crossing sweep against every pair (property)', () => {
  /** Whether ab and cd share a point, exactly (the coordinates are multiples of 1/1024). */
  function meet(a: Position, b: Position, c: Position, d: Position): boolean {
    const o = (p: Position, q: Position, r: Position) =>
      Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
    const on = (p: Position, q: Position, r: Position) =>
      Math.min(p[0], q[0]) <= r[0] &&
      r[0] <= Math.max(p[0], q[0]) &&
      Math.min(p[1], q[1]) <= r[1] &&
      r[1] <= Math.max(p[1], q[1]);
    const [o1, o2, o3, o4] = [o(a, b, c), o(a, b, d), o(c, d, a), o(c, d, b)];
    if (o1 !== o2 && o3 !== o4) return true;
    return (
      (o1 === 0 && on(a, b, c)) ||
      (o2 === 0 && on(a, b, d)) ||
      (o3 === 0 && on(c, d, a)) ||
      (o4 === 0 && on(c, d, b))
    );
  }

  /** Every pair of edges that are not neighbours, and every neighbour turning straight back. */
  function naiveCrosses(ring: Position[]): boolean {
    const n = ring.length - 1;
    for (let i = 0; i < n; i++) {
      const prev = ring[(i + n - 1) % n]!;
      const here = ring[i]!;
      const next = ring[i + 1]!;
      const cross = (here[0] - prev[0]) * (next[1] - here[1]) - (here[1] - prev[1]) * (next[0] - here[0]);
      const dot = (prev[0] - here[0]) * (next[0] - here[0]) + (prev[1] - here[1]) * (next[1] - here[1]);
      if (cross === 0 && dot > 0) return true;
      for (let j = i + 2; j < n; j++) {
        if (i === 0 && j === n - 1) continue;
        if (meet(ring[i]!, ring[i + 1]!, ring[j]!, ring[j + 1]!)) return true;
      }
    }
    return false;
  }

  it('finds a crossing exactly when comparing every pair does', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 0, max: 40 })), {
          minLength: 3,
          maxLength: 80,
        }),
        (points) => {
          const ring: Position[] = [];
          for (const [x, y] of points) {
            const p: Position = [LON + x / 1024, LAT + y / 1024];
            const last = ring[ring.length - 1];
            if (!last || last[0] !== p[0] || last[1] !== p[1]) ring.push(p);
          }
          if (
            ring.length > 1 &&
            ring[0]![0] === ring[ring.length - 1]![0] &&
            ring[0]![1] === ring[ring.length - 1]![1]
          )
            ring.pop();
          if (new Set(ring.map((p) => p.join())).size < 3) return;
          ring.push(ring[0]!);
          const r = check({ type: 'Polygon', coordinates: [ring] });
          const said = r.errors.join(' ');
          if (/không có diện tích/.test(said)) return;
          expect(/tự cắt/.test(said)).toBe(naiveCrosses(ring));
        },
      ),
      { numRuns: 400 },
    );
  });
});
