import Papa from 'papaparse';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { isCountryCode } from '#shared/countries.ts';
import { plotImport as importMessages } from '#shared/i18n/vi/plot-geometry.ts';
import {
  type CrossingWork,
  checkPlotGeometry,
  type PlotGeometry,
  type Position,
} from '#shared/plots/geometry.ts';
import type { PlotFields } from '#shared/schemas/plots.ts';

/**
 * Reading a file of farm plots (issue 34, decision 216): GeoJSON, KML or CSV into plot rows, all or nothing.
 * Pure functions, no database: the import procedure reads the file, calls parsePlotFile, and inserts the rows
 * only when there is no error. Every row's geometry goes through checkPlotGeometry, the same rules as a plot
 * typed in the workspace; every fault names its place, "Dòng N" in a CSV (the header is line 1, as a
 * spreadsheet numbers it) or "Đối tượng N" (the N-th Feature or Placemark), so the file can be fixed in one
 * pass. Papa Parse and saxes come with this module: load it on first use (`await import`), as the product
 * import loads its parsers, so a server that never imports plots does not hold them.
 */

export type PlotFileKind = 'geojson' | 'kml' | 'csv';

/** The most plots in one file, checked before any plot is read. */
export const MAX_IMPORT_ROWS = 100_000;
/** The most errors listed; the rest are counted ("Và N lỗi khác"). */
export const MAX_IMPORT_ERRORS = 50;

/**
 * The edge comparisons the crossing check may spend on one file, all plots together: tens of thousands of
 * walked boundaries spend a small part of it; a file of many plots drawn to defeat the sweep (every edge
 * open at once) runs out and is refused, instead of holding the import past its time.
 */
export const MAX_IMPORT_EDGE_COMPARISONS = 150_000_000;

/** The plot input's text bounds (shared/schemas/plots.ts holds the same), checked here to name the line. */
const TEXT_MAX = {
  name: 200,
  producerName: 200,
  province: 100,
  plantingAreaCode: 50,
  packingHouseCode: 50,
  crop: 100,
} as const;
type TextField = keyof typeof TEXT_MAX;

/** One plot read from a file: the plot input's fields, its geometry already checked. */
export type PlotImportRow = PlotFields & {
  /** The CSV line (header = 1), or the Feature's or Placemark's place in the file (from 1). */
  line: number;
  geometry: PlotGeometry;
  /** What checkPlotGeometry measured and warned, so the import need not check the geometry again. */
  areaHaGeodesic: number | null;
  warnings: string[];
};

export type PlotFileResult = { rows: PlotImportRow[] } | { errors: string[] };

const m = importMessages;

type Field = TextField | 'country' | 'areaHa' | 'producerPublic' | 'lat' | 'lon' | 'geometry';

/**
 * The names each field goes by in the files exporters receive: the app's own CSV columns, the EU
 * information system's GeoJSON properties (ProducerName, ProducerCountry, Area, ProductionPlace), and the
 * Vietnamese headings of the planting-area registers. Compared without case, accents, spaces or punctuation.
 */
const ALIASES: Record<Field, readonly string[]> = {
  name: ['name', 'ten', 'tenthua', 'plotname', 'plot', 'productionplace', 'tenvungtrong'],
  producerName: [
    'producername',
    'producer',
    'tennguoisanxuat',
    'nguoisanxuat',
    'nongho',
    'tennongho',
    'chuho',
    'farmer',
    'farmername',
  ],
  producerPublic: ['producerpublic', 'congkhainguoisanxuat', 'congkhai'],
  country: ['country', 'producercountry', 'countrycode', 'quocgia'],
  province: ['province', 'tinh', 'tinhthanh', 'tinhthanhpho'],
  plantingAreaCode: ['plantingareacode', 'mavungtrong', 'masovungtrong', 'puc'],
  packingHouseCode: ['packinghousecode', 'macosodonggoi', 'masocosodonggoi', 'phc'],
  crop: ['crop', 'caytrong', 'commodity'],
  areaHa: ['areaha', 'area', 'dientichha', 'dientich', 'hectares', 'ha'],
  lat: ['lat', 'latitude', 'vido'],
  lon: ['lon', 'lng', 'long', 'longitude', 'kinhdo'],
  geometry: ['geometry', 'geojson', 'wkt'],
};

/** A heading or property name without case, Vietnamese accents, spaces or punctuation. */
function keyOf(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'd')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const FIELD_OF_KEY: ReadonlyMap<string, Field> = new Map(
  (Object.entries(ALIASES) as [Field, readonly string[]][]).flatMap(([field, keys]) =>
    keys.map((k) => [k, field] as const),
  ),
);

/** The fields found among named values (properties, ExtendedData): for each field, its first alias present. */
function fieldsOf(named: Iterable<[string, unknown]>): Partial<Record<Field, unknown>> {
  const byKey = new Map<string, unknown>();
  for (const [k, v] of named) {
    const key = keyOf(k);
    if (!byKey.has(key)) byKey.set(key, v);
  }
  const out: Partial<Record<Field, unknown>> = {};
  for (const [field, keys] of Object.entries(ALIASES) as [Field, readonly string[]][]) {
    for (const k of keys) {
      if (byKey.has(k) && byKey.get(k) !== null && byKey.get(k) !== '') {
        out[field] = byKey.get(k);
        break;
      }
    }
  }
  return out;
}

/** A number as a person writes it in a file: 1.5, "1.5", "1,5" (a decimal comma), or empty (null). */
function readNumber(value: unknown): number | null | undefined {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string') return undefined;
  let t = value.trim().replace(/[\s\u00a0]/g, '');
  if (t === '') return null;
  if (t.includes(',') && !t.includes('.')) t = t.replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(t)) return undefined;
  const n = Number(t);
  return Number.isFinite(n) ? n : undefined;
}

function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

/** Collects errors up to MAX_IMPORT_ERRORS and counts the rest. */
class ImportErrors {
  readonly list: string[] = [];
  more = 0;
  add(where: string, message: string): void {
    if (this.list.length < MAX_IMPORT_ERRORS) this.list.push(m.at(where, message));
    else this.more++;
  }
  addAll(where: string, messages: readonly string[]): void {
    for (const message of messages) this.add(where, message);
  }
  get any(): boolean {
    return this.list.length > 0;
  }
  result(): { errors: string[] } {
    return { errors: this.more > 0 ? [...this.list, m.moreErrors(this.more)] : this.list };
  }
}

/**
 * Makes one row from a plot's fields and its geometry input (anything checkPlotGeometry reads), or adds the
 * row's faults to `errors`.
 */
function toRow(
  line: number,
  where: string,
  fields: Partial<Record<Field, unknown>>,
  geometryInput: unknown,
  errors: ImportErrors,
  work: CrossingWork,
): PlotImportRow | null {
  let ok = true;
  const texts = {} as Record<TextField, string>;
  for (const f of Object.keys(TEXT_MAX) as TextField[]) {
    texts[f] = text(fields[f]);
    if (texts[f].length > TEXT_MAX[f]) {
      errors.add(where, m.tooLong(m.fields[f], TEXT_MAX[f]));
      ok = false;
    }
  }
  if (texts.name === '') texts.name = texts.plantingAreaCode || m.defaultName(line);
  const countryText = text(fields.country).toUpperCase() || 'VN';
  if (!isCountryCode(countryText)) {
    errors.add(where, m.badCountry(countryText.slice(0, 20)));
    ok = false;
  }
  const areaHa = readNumber(fields.areaHa);
  if (areaHa === undefined || (areaHa !== null && areaHa < 0)) {
    errors.add(where, m.badArea(text(fields.areaHa).slice(0, 20)));
    ok = false;
  }
  const publicText = keyOf(text(fields.producerPublic));
  const producerPublic = ['true', '1', 'yes', 'co', 'x'].includes(publicText);
  const check = checkPlotGeometry({
    geometry: geometryInput,
    declaredAreaHa: typeof areaHa === 'number' && areaHa >= 0 ? areaHa : null,
    country: countryText,
    work,
  });
  if (check.errors.length > 0 || !check.geometry) {
    errors.addAll(where, check.errors);
    return null;
  }
  if (!ok) return null;
  return {
    line,
    ...texts,
    producerPublic,
    country: countryText,
    areaHa: areaHa ?? null,
    geometry: check.geometry,
    areaHaGeodesic: check.areaHa,
    warnings: check.warnings,
  };
}

/**
 * The kind of a plot file, from its first bytes when they tell (JSON starts with a brace, KML with a tag),
 * else from the file name's extension; null for anything else (a zip such as a KMZ, a binary file).
 */
export function plotFileKind(fileName: string, firstBytes: Uint8Array): PlotFileKind | null {
  // A zip (KMZ, XLSX) or any binary file is not one of the three.
  if (firstBytes[0] === 0x50 && firstBytes[1] === 0x4b) return null;
  if (firstBytes.includes(0)) return null;
  const ext = fileName.toLowerCase().replace(/^.*\./, '');
  let i = 0;
  if (firstBytes[0] === 0xef && firstBytes[1] === 0xbb && firstBytes[2] === 0xbf) i = 3;
  while (
    i < firstBytes.length &&
    (firstBytes[i] === 0x20 || (firstBytes[i]! >= 0x09 && firstBytes[i]! <= 0x0d))
  )
    i++;
  const first = firstBytes[i];
  if (first === 0x7b) return 'geojson'; // {
  if (first === 0x3c) return 'kml'; // <
  if (ext === 'csv' || ext === 'txt' || ext === 'tsv') return 'csv';
  if (ext === 'geojson' || ext === 'json') return 'geojson';
  if (ext === 'kml') return 'kml';
  return null;
}

/** The file's text when it is UTF-8 (with or without a byte order mark), else null. */
export function plotFileText(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
}

/** Reads a file of plots: every row, or the errors (none of the rows then). */
export function parsePlotFile(text: string, kind: PlotFileKind): PlotFileResult {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (kind === 'geojson') return parseGeoJson(body);
  if (kind === 'kml') return parseKml(body);
  return parseCsv(body);
}

function done(rows: PlotImportRow[], errors: ImportErrors): PlotFileResult {
  if (errors.any) return errors.result();
  if (rows.length === 0) return { errors: [m.empty] };
  return { rows };
}

// ——— GeoJSON ———

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Where in the text a JSON syntax error is, as a line number, from the engine's message. */
function jsonErrorPlace(text: string, err: unknown): string {
  const at = /position (\d+)/.exec(String((err as Error)?.message ?? ''));
  if (!at) return 'sai cú pháp';
  const pos = Number(at[1]);
  let line = 1;
  for (let i = 0; i < pos && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return `sai cú pháp ở dòng ${line}`;
}

function parseGeoJson(text: string): PlotFileResult {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    return { errors: [m.badJson(jsonErrorPlace(text, err))] };
  }
  if (!isObject(doc)) return { errors: [m.notFeatureCollection] };
  // A coordinate reference system other than WGS84 (VN-2000 metres, say) gives numbers that are not degrees.
  const crsName = isObject(doc.crs) && isObject(doc.crs.properties) ? text0(doc.crs.properties.name) : '';
  if (crsName && !/CRS84|4326/i.test(crsName)) return { errors: [m.notWgs84(crsName.slice(0, 80))] };
  let features: unknown[];
  if (doc.type === 'FeatureCollection') {
    if (!Array.isArray(doc.features)) return { errors: [m.notFeatureCollection] };
    features = doc.features;
  } else if (doc.type === 'Feature') {
    features = [doc];
  } else if (doc.type === 'Point' || doc.type === 'Polygon' || doc.type === 'MultiPolygon') {
    features = [{ type: 'Feature', properties: {}, geometry: doc }];
  } else {
    return { errors: [m.notFeatureCollection] };
  }
  if (features.length > MAX_IMPORT_ROWS) return { errors: [m.tooManyRows(MAX_IMPORT_ROWS)] };
  const errors = new ImportErrors();
  const work: CrossingWork = { left: MAX_IMPORT_EDGE_COMPARISONS };
  const rows: PlotImportRow[] = [];
  for (let i = 0; i < features.length; i++) {
    const where = m.feature(i + 1);
    const f = features[i];
    if (!isObject(f) || f.type !== 'Feature') {
      errors.add(where, m.notFeature);
      continue;
    }
    if (f.geometry === null || f.geometry === undefined) {
      errors.add(where, m.noGeometry);
      continue;
    }
    const props = isObject(f.properties) ? Object.entries(f.properties) : [];
    const row = toRow(i + 1, where, fieldsOf(props), f.geometry, errors, work);
    if (row) rows.push(row);
    if (work.left < 0) break;
  }
  return done(rows, errors);
}

function text0(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

// ——— KML ———

/** One Placemark being read. */
type Placemark = {
  fields: [string, unknown][];
  points: Position[];
  polygons: Position[][][];
  /** The first geometry kind the plot cannot be (LineString, Track, Model). */
  unsupported: string | null;
  badCoordinates: boolean;
};

/**
 * KML's coordinates: "lon,lat[,alt]" tuples separated by white space. Scanned by hand: a file of 30,000
 * placemarks holds a million tuples, and splitting them with regular expressions was most of the import.
 */
function kmlCoordinates(value: string): Position[] | null {
  const out: Position[] = [];
  const n = value.length;
  let i = 0;
  while (i < n) {
    if (value.charCodeAt(i) <= 32) {
      i++;
      continue;
    }
    let count = 0;
    let lon = 0;
    let lat = 0;
    for (;;) {
      let j = i;
      while (j < n) {
        const c = value.charCodeAt(j);
        if (c === 44 || c <= 32) break;
        j++;
      }
      if (j === i) return null;
      const v = Number(value.slice(i, j));
      if (!Number.isFinite(v)) return null;
      if (count === 0) lon = v;
      else if (count === 1) lat = v;
      count++;
      i = j;
      if (i < n && value.charCodeAt(i) === 44) {
        i++;
        continue;
      }
      break;
    }
    if (count < 2 || count > 3) return null;
    out.push([lon, lat]);
  }
  return out;
}

const KML_UNSUPPORTED = new Set(['LineString', 'Track', 'MultiTrack', 'Model', 'gx:Track', 'gx:MultiTrack']);

function parseKml(text: string): PlotFileResult {
  const errors = new ImportErrors();
  const work: CrossingWork = { left: MAX_IMPORT_EDGE_COMPARISONS };
  const rows: PlotImportRow[] = [];
  const parser = new SaxesParser();
  const stack: string[] = [];
  let placemarks = 0;
  let current: Placemark | null = null;
  let polygon: { outer: Position[] | null; inner: Position[][] } | null = null;
  let buffer: string | null = null;
  let dataName: string | null = null;
  let tooMany = false;
  let outOfWork = false;
  const local = (name: string) => name.slice(name.indexOf(':') + 1);

  parser.on('opentag', (tag: SaxesTagPlain) => {
    const name = local(tag.name);
    const parent = stack[stack.length - 1];
    stack.push(name);
    if (name === 'Placemark') {
      placemarks++;
      if (placemarks > MAX_IMPORT_ROWS) {
        tooMany = true;
        throw new Error('too many placemarks');
      }
      current = { fields: [], points: [], polygons: [], unsupported: null, badCoordinates: false };
      return;
    }
    if (!current) return;
    if (name === 'Polygon') polygon = { outer: null, inner: [] };
    else if (KML_UNSUPPORTED.has(name) || (name === 'LinearRing' && !polygon)) current.unsupported ??= name;
    else if (name === 'Data') dataName = tag.attributes.name ?? null;
    else if (name === 'SimpleData') {
      dataName = tag.attributes.name ?? null;
      buffer = '';
    } else if (name === 'coordinates' || (name === 'value' && parent === 'Data')) buffer = '';
    else if (name === 'name' && parent === 'Placemark') buffer = '';
  });
  const onText = (t: string) => {
    if (buffer !== null) buffer += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', (tag: SaxesTagPlain) => {
    const name = local(tag.name);
    stack.pop();
    const placemark = current as Placemark | null;
    if (name === 'Placemark' && placemark) {
      const where = m.feature(placemarks);
      current = null;
      if (placemark.unsupported) errors.add(where, m.unsupportedKmlGeometry(placemark.unsupported));
      else if (placemark.badCoordinates) errors.add(where, m.badKmlCoordinates);
      else if (placemark.points.length > 0 && placemark.polygons.length > 0)
        errors.add(where, m.mixedKmlGeometry);
      else if (placemark.points.length > 1) errors.add(where, m.unsupportedKmlGeometry('MultiPoint'));
      else if (placemark.points.length === 0 && placemark.polygons.length === 0)
        errors.add(where, m.noGeometry);
      else {
        const geometry =
          placemark.points.length === 1
            ? { type: 'Point', coordinates: placemark.points[0] }
            : placemark.polygons.length === 1
              ? { type: 'Polygon', coordinates: placemark.polygons[0] }
              : { type: 'MultiPolygon', coordinates: placemark.polygons };
        const row = toRow(placemarks, where, fieldsOf(placemark.fields), geometry, errors, work);
        if (row) rows.push(row);
        if (work.left < 0) {
          outOfWork = true;
          throw new Error('out of work');
        }
      }
      return;
    }
    if (!placemark) return;
    const value = buffer;
    if (name === 'coordinates' && value !== null) {
      buffer = null;
      const positions = kmlCoordinates(value);
      if (!positions) placemark.badCoordinates = true;
      else if (polygon) {
        const boundary = stack.includes('outerBoundaryIs')
          ? 'outer'
          : stack.includes('innerBoundaryIs')
            ? 'inner'
            : null;
        if (boundary === 'outer') polygon.outer = positions;
        else if (boundary === 'inner') polygon.inner.push(positions);
      } else if (stack[stack.length - 1] === 'Point') {
        if (positions.length === 1) placemark.points.push(positions[0]!);
        else placemark.badCoordinates = true;
      }
    } else if (name === 'Polygon' && polygon) {
      if (polygon.outer) placemark.polygons.push([polygon.outer, ...polygon.inner]);
      else placemark.badCoordinates = true;
      polygon = null;
    } else if (name === 'name' && value !== null && stack[stack.length - 1] === 'Placemark') {
      buffer = null;
      placemark.fields.unshift(['name', value.trim()]);
    } else if (name === 'value' && value !== null && dataName) {
      buffer = null;
      placemark.fields.push([dataName, value.trim()]);
    } else if (name === 'SimpleData' && value !== null && dataName) {
      buffer = null;
      placemark.fields.push([dataName, value.trim()]);
      dataName = null;
    } else if (name === 'Data') {
      dataName = null;
    }
  });
  try {
    parser.write(text).close();
  } catch (err) {
    if (tooMany) return { errors: [m.tooManyRows(MAX_IMPORT_ROWS)] };
    if (outOfWork) return errors.result();
    const detail = String((err as Error)?.message ?? '');
    const at = /^(\d+):(\d+)/.exec(detail);
    return { errors: [m.badXml(at ? `sai cú pháp ở dòng ${at[1]}` : 'sai cú pháp')] };
  }
  return done(rows, errors);
}

// ——— CSV ———

function parseCsv(text: string): PlotFileResult {
  // Blank lines are kept as records so that a record's number is its line in a spreadsheet.
  // Papa stops after this many records, so a file of a million lines is not read to be refused; blank
  // lines count, so some room is left for them.
  const preview = MAX_IMPORT_ROWS + 1000;
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: false, preview });
  const records = parsed.data;
  if (records.length >= preview) return { errors: [m.tooManyRows(MAX_IMPORT_ROWS)] };
  const header = records[0];
  if (!header || header.every((c) => c.trim() === '')) return { errors: [m.csvNoHeader] };
  const columns = new Map<Field, number>();
  header.forEach((h, i) => {
    const field = FIELD_OF_KEY.get(keyOf(h));
    if (field && !columns.has(field)) columns.set(field, i);
  });
  const hasPoint = columns.has('lat') && columns.has('lon');
  if (!hasPoint && !columns.has('geometry')) return { errors: [m.csvNoLocation] };
  let count = 0;
  for (let r = 1; r < records.length; r++) if (records[r]!.some((c) => c.trim() !== '')) count++;
  if (count > MAX_IMPORT_ROWS) return { errors: [m.tooManyRows(MAX_IMPORT_ROWS)] };

  const errors = new ImportErrors();
  const work: CrossingWork = { left: MAX_IMPORT_EDGE_COMPARISONS };
  const rows: PlotImportRow[] = [];
  const cell = (record: string[], field: Field) => {
    const i = columns.get(field);
    return i === undefined ? '' : (record[i] ?? '').trim();
  };
  for (let r = 1; r < records.length; r++) {
    const record = records[r]!;
    if (record.every((c) => c.trim() === '')) continue;
    const line = r + 1;
    const where = m.line(line);
    const fields: Partial<Record<Field, unknown>> = {};
    for (const field of columns.keys()) fields[field] = cell(record, field);
    let geometry: unknown;
    const geometryText = cell(record, 'geometry');
    if (geometryText !== '') {
      geometry = /^\s*[{[]/.test(geometryText) ? geometryText : readWkt(geometryText);
      if (geometry === null) {
        errors.add(where, m.badWkt);
        continue;
      }
    } else {
      const latText = cell(record, 'lat');
      const lonText = cell(record, 'lon');
      if (latText === '' || lonText === '') {
        errors.add(where, m.csvMissingLocation);
        continue;
      }
      const lat = readNumber(latText);
      const lon = readNumber(lonText);
      if (typeof lat !== 'number') errors.add(where, m.csvBadNumber('lat', latText.slice(0, 30)));
      if (typeof lon !== 'number') errors.add(where, m.csvBadNumber('lon', lonText.slice(0, 30)));
      if (typeof lat !== 'number' || typeof lon !== 'number') continue;
      geometry = { type: 'Point', coordinates: [lon, lat] };
    }
    const row = toRow(line, where, fields, geometry, errors, work);
    if (row) rows.push(row);
    if (work.left < 0) break;
  }
  return done(rows, errors);
}

/**
 * A WKT geometry (what QGIS and spreadsheets export in a "wkt" or "geometry" column): POINT, POLYGON or
 * MULTIPOLYGON, as the GeoJSON object checkPlotGeometry reads; null when it is not one of them.
 */
export function readWkt(value: string): unknown {
  const m1 = /^\s*(POINT|POLYGON|MULTIPOLYGON)\s*(?:Z\s*)?(\(.*\))\s*$/is.exec(value);
  if (!m1) return null;
  const type = m1[1]!.toUpperCase();
  // Parentheses become brackets and each "x y" pair a [x, y]: then it reads as JSON.
  const body = m1[2]!
    .replace(/\s*,\s*/g, ',')
    .replace(/([-+\d.eE]+)\s+([-+\d.eE]+)(?:\s+[-+\d.eE]+)?/g, '[$1,$2]')
    .replace(/\(/g, '[')
    .replace(/\)/g, ']');
  let coordinates: unknown;
  try {
    coordinates = JSON.parse(body);
  } catch {
    return null;
  }
  if (type === 'POINT') {
    return Array.isArray(coordinates) && coordinates.length === 1
      ? { type: 'Point', coordinates: coordinates[0] }
      : null;
  }
  return { type: type === 'POLYGON' ? 'Polygon' : 'MultiPolygon', coordinates };
}
