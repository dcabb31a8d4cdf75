import { describe, expect, it } from 'vitest';
import {
  MAX_IMPORT_ERRORS,
  MAX_IMPORT_ROWS,
  type PlotFileResult,
  type PlotImportRow,
  parsePlotFile,
  plotFileKind,
  plotFileText,
  readWkt,
} from '#server/services/plots/import-parse.ts';

const LON = 108.05;
const LAT = 12.68;
/** About 1.2 ha at Buôn Ma Thuột's latitude (0.001° × 0.001°). */
const ring = (lon = LON, lat = LAT, d = 0.001) => [
  [lon, lat],
  [lon + d, lat],
  [lon + d, lat + d],
  [lon, lat + d],
  [lon, lat],
];

function rows(result: PlotFileResult): PlotImportRow[] {
  if ('errors' in result) throw new Error(result.errors.join('\n'));
  return result.rows;
}
function errors(result: PlotFileResult): string[] {
  if (!('errors' in result)) throw new Error('expected errors');
  return result.errors;
}

const bytes = (s: string) => new TextEncoder().encode(s);

describe('plotFileKind', () => {
  it('knows a file by its first bytes, then by its extension', () => {
    expect(plotFileKind('plots.geojson', bytes('{"type":'))).toBe('geojson');
    expect(plotFileKind('export.txt', bytes('\ufeff  {"type":'))).toBe('geojson');
    expect(plotFileKind('plots.kml', bytes('<?xml version="1.0"?><kml'))).toBe('kml');
    expect(plotFileKind('plots', bytes('<kml xmlns="http://www.opengis.net/kml/2.2">'))).toBe('kml');
    expect(plotFileKind('plots.csv', bytes('name,lat,lon\n'))).toBe('csv');
    expect(plotFileKind('plots.json', bytes(''))).toBe('geojson');
  });

  it('refuses zips (KMZ), binary files and unknown names', () => {
    expect(plotFileKind('plots.kmz', bytes('PK\u0003\u0004'))).toBeNull();
    expect(plotFileKind('photo.csv', new Uint8Array([0xff, 0xd8, 0, 1]))).toBeNull();
    expect(plotFileKind('plots.shp', bytes('name,lat'))).toBeNull();
  });

  it('decodes UTF-8 only', () => {
    expect(plotFileText(bytes('Thửa'))).toBe('Thửa');
    expect(plotFileText(new Uint8Array([0xff, 0xfe, 0x41]))).toBeNull();
  });
});

describe('parsePlotFile: GeoJSON', () => {
  const feature = (
    properties: Record<string, unknown>,
    geometry: unknown = { type: 'Polygon', coordinates: [ring()] },
  ) => ({
    type: 'Feature',
    properties,
    geometry,
  });

  it('reads a FeatureCollection with the EU and Vietnamese property names', () => {
    const doc = {
      type: 'FeatureCollection',
      features: [
        feature({
          ProductionPlace: 'Thửa A',
          ProducerName: 'Hộ Nguyễn Văn A',
          ProducerCountry: 'VN',
          Area: 1.09,
        }),
        feature(
          { 'Tên thửa': 'Thửa B', 'Mã vùng trồng': 'VN-DL-001', Tỉnh: 'Đắk Lắk', 'Cây trồng': 'Cà phê' },
          { type: 'Point', coordinates: [LON, LAT] },
        ),
      ],
    };
    const [a, b] = rows(parsePlotFile(JSON.stringify(doc), 'geojson'));
    expect(a).toMatchObject({
      line: 1,
      name: 'Thửa A',
      producerName: 'Hộ Nguyễn Văn A',
      country: 'VN',
      areaHa: 1.09,
    });
    expect(a!.geometry.type).toBe('Polygon');
    expect(a!.areaHaGeodesic).toBeCloseTo(1.2, 1);
    expect(b).toMatchObject({
      line: 2,
      name: 'Thửa B',
      plantingAreaCode: 'VN-DL-001',
      province: 'Đắk Lắk',
      crop: 'Cà phê',
      areaHa: null,
      producerPublic: false,
    });
    expect(b!.geometry).toEqual({ type: 'Point', coordinates: [LON, LAT] });
    expect(b!.warnings.length).toBe(1);
  });

  it('reads a lone Feature and a bare geometry, naming an unnamed plot', () => {
    expect(rows(parsePlotFile(JSON.stringify(feature({ name: 'X' })), 'geojson'))[0]!.name).toBe('X');
    const bare = rows(parsePlotFile(JSON.stringify({ type: 'Polygon', coordinates: [ring()] }), 'geojson'));
    expect(bare[0]!.name).toBe('Thửa 1');
  });

  it('is all or nothing, naming each feature and its fault', () => {
    const doc = {
      type: 'FeatureCollection',
      features: [
        feature({ name: 'ok' }),
        feature({ name: 'swapped' }, { type: 'Point', coordinates: [LAT, LON] }),
        feature({ name: 'open' }, { type: 'Polygon', coordinates: [ring().slice(0, 4)] }),
        feature(
          { name: 'line' },
          {
            type: 'LineString',
            coordinates: [
              [LON, LAT],
              [LON + 1, LAT],
            ],
          },
        ),
        { type: 'Feature', properties: {}, geometry: null },
        { type: 'Thing' },
        feature({ name: 'area', area: 5 }),
        feature({ name: 'country', country: 'Vietnam' }),
        feature({ name: 'x'.repeat(201) }),
      ],
    };
    const e = errors(parsePlotFile(JSON.stringify(doc), 'geojson'));
    expect(e).toEqual([
      expect.stringMatching(/^Đối tượng 2: Điểm: vĩ độ 108,05 là không thể\. Toạ độ có vẻ bị đảo/),
      expect.stringMatching(/^Đối tượng 3: Vòng 1 chưa khép kín/),
      expect.stringMatching(/^Đối tượng 4: Kiểu hình học "LineString" không được nhận/),
      expect.stringMatching(/^Đối tượng 5: không có hình học/),
      expect.stringMatching(/^Đối tượng 6: không phải một Feature/),
      expect.stringMatching(/^Đối tượng 7: Diện tích khai báo 5 ha lệch/),
      expect.stringMatching(/^Đối tượng 8: quốc gia "VIETNAM" không phải mã ISO/),
      expect.stringMatching(/^Đối tượng 9: Tên thửa dài quá 200 ký tự/),
    ]);
  });

  it('caps the list of errors and counts the rest', () => {
    const doc = {
      type: 'FeatureCollection',
      features: Array.from({ length: 120 }, () => feature({}, { type: 'Point', coordinates: [LAT, LON] })),
    };
    const e = errors(parsePlotFile(JSON.stringify(doc), 'geojson'));
    expect(e).toHaveLength(MAX_IMPORT_ERRORS + 1);
    expect(e[MAX_IMPORT_ERRORS]).toBe('Và 70 lỗi khác.');
  });

  it('refuses bad JSON, a non-WGS84 file, an empty file and too many features before reading them', () => {
    expect(errors(parsePlotFile('{\n"type": "FeatureCollection",\n"features": [,]}', 'geojson'))[0]).toMatch(
      // The engine tells the place in some versions only.
      /không phải JSON hợp lệ \(sai cú pháp/,
    );
    const vn2000 = {
      type: 'FeatureCollection',
      crs: { type: 'name', properties: { name: 'EPSG:3405' } },
      features: [],
    };
    expect(errors(parsePlotFile(JSON.stringify(vn2000), 'geojson'))[0]).toMatch(/EPSG:3405.*WGS84/);
    expect(errors(parsePlotFile('{"type":"FeatureCollection","features":[]}', 'geojson'))).toEqual([
      'Tệp không có thửa nào.',
    ]);
    expect(errors(parsePlotFile('[1,2]', 'geojson'))[0]).toMatch(/FeatureCollection/);
    const many = `{"type":"FeatureCollection","features":[${Array(MAX_IMPORT_ROWS + 1)
      .fill('0')
      .join(',')}]}`;
    expect(errors(parsePlotFile(many, 'geojson'))).toEqual([expect.stringMatching(/hơn 100\.000 thửa/)]);
  });
});

describe('parsePlotFile: KML', () => {
  const kml = (placemarks: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder>${placemarks}</Folder></Document></kml>`;
  const coords = (r: number[][]) => r.map(([x, y]) => `${x},${y},0`).join(' ');

  it('reads Point, Polygon with a hole and MultiGeometry placemarks with their data', () => {
    const hole = ring(LON + 0.0002, LAT + 0.0002, 0.0002).reverse();
    const text = kml(`
      <Placemark><name>Thửa 1</name>
        <ExtendedData><Data name="ProducerName"><value>Hộ B</value></Data><Data name="area_ha"><value>0,5</value></Data></ExtendedData>
        <Point><coordinates>${LON},${LAT}</coordinates></Point></Placemark>
      <Placemark><name><![CDATA[Thửa 2]]></name>
        <ExtendedData><SchemaData schemaUrl="#s"><SimpleData name="ma_vung_trong">VN-DL-002</SimpleData></SchemaData></ExtendedData>
        <Polygon><outerBoundaryIs><LinearRing><coordinates>
          ${coords(ring())}
        </coordinates></LinearRing></outerBoundaryIs>
        <innerBoundaryIs><LinearRing><coordinates>${coords(hole)}</coordinates></LinearRing></innerBoundaryIs></Polygon></Placemark>
      <Placemark><name>Thửa 3</name><MultiGeometry>
        <Polygon><outerBoundaryIs><LinearRing><coordinates>${coords(ring(LON + 0.01))}</coordinates></LinearRing></outerBoundaryIs></Polygon>
        <Polygon><outerBoundaryIs><LinearRing><coordinates>${coords(ring(LON + 0.02))}</coordinates></LinearRing></outerBoundaryIs></Polygon>
      </MultiGeometry></Placemark>`);
    const [a, b, c] = rows(parsePlotFile(text, 'kml'));
    expect(a).toMatchObject({ line: 1, name: 'Thửa 1', producerName: 'Hộ B', areaHa: 0.5 });
    expect(a!.geometry).toEqual({ type: 'Point', coordinates: [LON, LAT] });
    expect(b).toMatchObject({ line: 2, name: 'Thửa 2', plantingAreaCode: 'VN-DL-002' });
    expect(b!.geometry.type).toBe('Polygon');
    expect((b!.geometry.coordinates as number[][][]).length).toBe(2);
    expect(c!.geometry.type).toBe('MultiPolygon');
  });

  it('names each faulty placemark', () => {
    const text = kml(`
      <Placemark><name>ok</name><Point><coordinates>${LON},${LAT}</coordinates></Point></Placemark>
      <Placemark><name>line</name><LineString><coordinates>${LON},${LAT} ${LON + 1},${LAT}</coordinates></LineString></Placemark>
      <Placemark><name>bad</name><Point><coordinates>${LON};${LAT}</coordinates></Point></Placemark>
      <Placemark><name>none</name></Placemark>
      <Placemark><name>swapped</name><Point><coordinates>${LAT},${LON}</coordinates></Point></Placemark>
      <Placemark><name>mixed</name><MultiGeometry><Point><coordinates>${LON},${LAT}</coordinates></Point>
        <Polygon><outerBoundaryIs><LinearRing><coordinates>${coords(ring())}</coordinates></LinearRing></outerBoundaryIs></Polygon></MultiGeometry></Placemark>`);
    expect(errors(parsePlotFile(text, 'kml'))).toEqual([
      expect.stringMatching(/^Đối tượng 2: hình kiểu LineString không được nhận/),
      expect.stringMatching(/^Đối tượng 3: toạ độ KML phải là/),
      expect.stringMatching(/^Đối tượng 4: không có hình học/),
      expect.stringMatching(/^Đối tượng 5: Điểm: vĩ độ 108,05 là không thể/),
      expect.stringMatching(/^Đối tượng 6: MultiGeometry trộn điểm và đa giác/),
    ]);
  });

  it('refuses broken XML with its line, and a file without placemarks', () => {
    expect(errors(parsePlotFile('<kml>\n<Placemark>\n<name>a</nam></Placemark></kml>', 'kml'))[0]).toMatch(
      /Tệp KML không đọc được \(sai cú pháp ở dòng 3\)/,
    );
    expect(errors(parsePlotFile(kml(''), 'kml'))).toEqual(['Tệp không có thửa nào.']);
  });

  it('does not expand entities (no billion laughs)', () => {
    const text = `<?xml version="1.0"?><!DOCTYPE kml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><kml><Placemark><name>&b;</name><Point><coordinates>${LON},${LAT}</coordinates></Point></Placemark></kml>`;
    const result = parsePlotFile(text, 'kml');
    if ('rows' in result) expect(result.rows[0]!.name.length).toBeLessThan(200);
    else expect(result.errors[0]).toMatch(/KML/);
  });
});

describe('parsePlotFile: CSV', () => {
  it('reads lat/lon points with the app columns, a semicolon file with decimal commas, and blank lines', () => {
    const text = [
      'name,producer_name,country,province,planting_area_code,packing_house_code,crop,area_ha,lat,lon',
      `Thửa 1,Hộ C,VN,Đắk Lắk,VN-DL-003,VN-PH-01,Cà phê,0.8,${LAT},${LON}`,
      '',
      `"Thửa 2, góc",,,,,,,,${LAT + 0.01},${LON}`,
    ].join('\n');
    const [a, b] = rows(parsePlotFile(text, 'csv'));
    expect(a).toMatchObject({
      line: 2,
      name: 'Thửa 1',
      producerName: 'Hộ C',
      province: 'Đắk Lắk',
      plantingAreaCode: 'VN-DL-003',
      packingHouseCode: 'VN-PH-01',
      crop: 'Cà phê',
      areaHa: 0.8,
      geometry: { type: 'Point', coordinates: [LON, LAT] },
    });
    expect(b).toMatchObject({ line: 4, name: 'Thửa 2, góc', country: 'VN', areaHa: null });

    const semicolon = `Tên thửa;Vĩ độ;Kinh độ;Diện tích\nA;12,68;108,05;1,5\n`;
    expect(rows(parsePlotFile(semicolon, 'csv'))[0]).toMatchObject({ name: 'A', areaHa: 1.5 });
  });

  it('reads a geometry column as GeoJSON or WKT', () => {
    const geo = JSON.stringify({ type: 'Polygon', coordinates: [ring()] }).replace(/"/g, '""');
    const wkt = `POLYGON ((${ring(LON + 0.01)
      .map(([x, y]) => `${x} ${y}`)
      .join(', ')}))`;
    const text = `name,geometry\nA,"${geo}"\nB,"${wkt}"\nC,POINT (${LON} ${LAT})\n`;
    const [a, b, c] = rows(parsePlotFile(text, 'csv'));
    expect(a!.geometry.type).toBe('Polygon');
    expect(b!.geometry.type).toBe('Polygon');
    expect(b!.areaHaGeodesic).toBeCloseTo(a!.areaHaGeodesic!, 6);
    expect(c!.geometry).toEqual({ type: 'Point', coordinates: [LON, LAT] });
  });

  it('names each faulty line, counting the header as line 1', () => {
    const text = [
      'name,lat,lon,area_ha',
      `ok,${LAT},${LON},1`,
      `swapped,${LON},${LAT},1`,
      `nolat,,${LON},1`,
      `bad,12.6x,${LON},1`,
      `big point,${LAT},${LON},5`,
      `area,${LAT},${LON},-1`,
    ].join('\n');
    expect(errors(parsePlotFile(text, 'csv'))).toEqual([
      expect.stringMatching(/^Dòng 3: Điểm: vĩ độ 108,05 là không thể\. Toạ độ có vẻ bị đảo/),
      expect.stringMatching(/^Dòng 4: thiếu toạ độ/),
      expect.stringMatching(/^Dòng 5: cột lat "12\.6x" không phải một số/),
      expect.stringMatching(/^Dòng 6: Thửa trên 4 ha \(5 ha\) phải được vẽ bằng đa giác/),
      expect.stringMatching(/^Dòng 7: diện tích "-1" không phải một số không âm/),
    ]);
    expect(errors(parsePlotFile('name,geometry\nA,LINESTRING (1 2, 3 4)\n', 'csv'))[0]).toMatch(
      /^Dòng 2: cột geometry phải là GeoJSON hoặc WKT/,
    );
  });

  it('refuses a file without a header or a location column, and too many rows before reading them', () => {
    expect(errors(parsePlotFile('', 'csv'))).toEqual([expect.stringMatching(/dòng tiêu đề/)]);
    expect(errors(parsePlotFile('name,province\nA,Đắk Lắk\n', 'csv'))[0]).toMatch(/cột lat và lon/);
    expect(errors(parsePlotFile('name,lat,lon\n', 'csv'))).toEqual(['Tệp không có thửa nào.']);
    const many = `lat,lon\n${`${LAT},${LON}\n`.repeat(MAX_IMPORT_ROWS + 1)}`;
    expect(errors(parsePlotFile(many, 'csv'))).toEqual([expect.stringMatching(/hơn 100\.000 thửa/)]);
  });
});

describe('readWkt', () => {
  it('reads POINT, POLYGON, MULTIPOLYGON (with Z) and refuses the rest', () => {
    expect(readWkt('POINT (1 2)')).toEqual({ type: 'Point', coordinates: [1, 2] });
    expect(readWkt('point z (1 2 3)')).toEqual({ type: 'Point', coordinates: [1, 2] });
    expect(readWkt('MULTIPOLYGON (((0 0, 1 0, 1 1, 0 0)))')).toEqual({
      type: 'MultiPolygon',
      coordinates: [
        [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      ],
    });
    expect(readWkt('LINESTRING (0 0, 1 1)')).toBeNull();
    expect(readWkt('POLYGON ((0 0, 1')).toBeNull();
  });
});
