/**
 * Reading a file of farm plots (issue 34, decision 216): parsePlotFile on this thread for 30,000 plots as
 * GeoJSON, KML and CSV, each plot a walked field boundary of 40 positions around Buôn Ma Thuột (the CSV
 * holds its polygons as WKT in a geometry column, and 30,000 lat/lon points beside); then the geometry check
 * on its worst case, a plot of MAX_PLOT_POSITIONS positions whose edges are all open at once along the
 * crossing sweep. Median of 3, ms. The import's whole budget is 10 s, insert included.
 *
 *   npx tsx bench/plot-parse.ts [plots]
 */
import { parsePlotFile } from '#server/services/plots/import-parse.ts';
import { checkPlotGeometry, MAX_PLOT_POSITIONS, type Position } from '#shared/plots/geometry.ts';
import { machine, median } from './lib/machine.ts';

const PLOTS = Number(process.argv[2] ?? 30_000);
const CORNERS = 39;

/** A lumpy field of about 1 ha: a circle of 39 corners with radii that wander, closed. */
function field(i: number): Position[] {
  const lon = 108.0 + (i % 300) * 0.004;
  const lat = 12.6 + Math.floor(i / 300) * 0.004;
  const ring: Position[] = [];
  for (let k = 0; k < CORNERS; k++) {
    const t = (2 * Math.PI * k) / CORNERS;
    const r = 0.0005 * (1 + 0.2 * Math.sin(k * 1.7 + i));
    ring.push([Number((lon + r * Math.cos(t)).toFixed(7)), Number((lat + r * Math.sin(t)).toFixed(7))]);
  }
  ring.push(ring[0]!);
  return ring;
}

function geojson(): string {
  const features = Array.from({ length: PLOTS }, (_, i) => ({
    type: 'Feature',
    properties: {
      name: `Thửa ${i + 1}`,
      ProducerName: `Hộ ${i + 1}`,
      province: 'Đắk Lắk',
      plantingAreaCode: `VN-DL-${i}`,
    },
    geometry: { type: 'Polygon', coordinates: [field(i)] },
  }));
  return JSON.stringify({ type: 'FeatureCollection', features });
}

function kml(): string {
  const parts = [
    '<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>',
  ];
  for (let i = 0; i < PLOTS; i++) {
    const coords = field(i)
      .map(([x, y]) => `${x},${y},0`)
      .join(' ');
    parts.push(
      `<Placemark><name>Thửa ${i + 1}</name><ExtendedData><Data name="ProducerName"><value>Hộ ${i + 1}</value></Data></ExtendedData><Polygon><outerBoundaryIs><LinearRing><coordinates>${coords}</coordinates></LinearRing></outerBoundaryIs></Polygon></Placemark>`,
    );
  }
  parts.push('</Document></kml>');
  return parts.join('\n');
}

function csvWkt(): string {
  const lines = ['name,producer_name,province,geometry'];
  for (let i = 0; i < PLOTS; i++) {
    const wkt = `POLYGON ((${field(i)
      .map(([x, y]) => `${x} ${y}`)
      .join(', ')}))`;
    lines.push(`Thửa ${i + 1},Hộ ${i + 1},Đắk Lắk,"${wkt}"`);
  }
  return lines.join('\n');
}

function csvPoints(): string {
  const lines = ['name,producer_name,area_ha,lat,lon'];
  for (let i = 0; i < PLOTS; i++) {
    const [lon, lat] = field(i)[0]!;
    lines.push(`Thửa ${i + 1},Hộ ${i + 1},1.5,${lat},${lon}`);
  }
  return lines.join('\n');
}

/** Wall and CPU ms, median of 3: the machine's other work stretches the wall time, the CPU time less. */
function time(label: string, text: string, kind: 'geojson' | 'kml' | 'csv'): void {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < 3; r++) {
    const start = performance.now();
    const used = process.cpuUsage();
    const result = parsePlotFile(text, kind);
    const spent = process.cpuUsage(used);
    wall.push(performance.now() - start);
    cpu.push((spent.user + spent.system) / 1000);
    if (!('rows' in result) || result.rows.length !== PLOTS) {
      throw new Error(
        `${label}: ${'errors' in result ? result.errors.slice(0, 3).join(' | ') : 'rows missing'}`,
      );
    }
  }
  const mb = (Buffer.byteLength(text) / 1e6).toFixed(1);
  console.log(
    `${label.padEnd(28)} ${mb.padStart(6)} MB  wall ${median(wall).toFixed(0).padStart(5)} ms  cpu ${median(cpu).toFixed(0).padStart(5)} ms`,
  );
}

/** The crossing sweep's worst case: long east-west edges stacked, every one open at once. */
function serpentine(): Position[] {
  const teeth = Math.floor((MAX_PLOT_POSITIONS - 3) / 4);
  const ring: Position[] = [];
  const lon = 108.05;
  const lat = 12.68;
  for (let t = 0; t < teeth; t++) {
    const y = lat + t * 4e-5;
    ring.push([lon, y], [lon + 0.01, y], [lon + 0.01, y + 1e-5], [lon + 0.0001, y + 1e-5]);
  }
  const top = lat + teeth * 4e-5;
  ring.push([lon, top], [lon - 0.0001, top], [lon - 0.0001, lat], [lon, lat]);
  return ring;
}

console.log(`plot files, ${PLOTS} plots of ${CORNERS + 1} positions, on ${machine()}\n`);
time('GeoJSON FeatureCollection', geojson(), 'geojson');
time('KML Placemarks', kml(), 'kml');
time('CSV, WKT polygons', csvWkt(), 'csv');
time('CSV, lat/lon points', csvPoints(), 'csv');
const worst = serpentine();
const runs: number[] = [];
for (let r = 0; r < 5; r++) {
  const start = performance.now();
  const check = checkPlotGeometry({
    geometry: { type: 'Polygon', coordinates: [worst] },
    declaredAreaHa: null,
    country: 'VN',
  });
  runs.push(performance.now() - start);
  if (check.errors.length) throw new Error(check.errors.join(' | '));
}
console.log(
  `\nworst-case plot (${worst.length} positions, all edges open at once): ${median(runs).toFixed(1)} ms (median of 5)`,
);

// A file of such plots: the import's budget of edge comparisons refuses it in bounded time.
const hostile = JSON.stringify({
  type: 'FeatureCollection',
  features: Array.from({ length: 500 }, () => ({
    type: 'Feature',
    properties: {},
    geometry: { type: 'Polygon', coordinates: [worst] },
  })),
});
const start = performance.now();
const refused = parsePlotFile(hostile, 'geojson');
console.log(
  `file of 500 worst-case plots (${(hostile.length / 1e6).toFixed(1)} MB): ${'errors' in refused ? 'refused' : 'ACCEPTED'} in ${(performance.now() - start).toFixed(0)} ms`,
);
