/**
 * Farm plots' geometry checks and plot file imports (issue 34, decision 216): each message is a whole sentence,
 * without the plot's name (the caller puts the plot or the file's line in front).
 */

/** A number as a Vietnamese reader writes it: a decimal comma, at most 4 decimals. */
const num = (n: number): string => n.toLocaleString('vi-VN', { maximumFractionDigits: 4 });

export const plotGeometry = {
  notGeoJson: 'Hình học phải là một đối tượng GeoJSON có "type" và "coordinates".',
  badJson: 'Hình học không phải JSON hợp lệ.',
  textTooLong: (max: number) => `Hình học dài quá ${num(max)} ký tự.`,
  featureCollection:
    'Đây là một FeatureCollection nhiều thửa: hãy dán hình của một thửa, hoặc dùng chức năng nhập tệp cho nhiều thửa.',
  unsupportedType: (type: string) =>
    `Kiểu hình học "${type}" không được nhận: chỉ nhận Point, Polygon hoặc MultiPolygon.`,
  badNesting: (where: string) => `${where}: "coordinates" không đúng cấu trúc của kiểu hình học.`,
  badPosition: (where: string) => `${where}: toạ độ phải là hai số [kinh độ, vĩ độ].`,
  lonRange: (where: string, lon: number) => `${where}: kinh độ ${num(lon)} nằm ngoài khoảng -180 đến 180.`,
  latRange: (where: string, lat: number) => `${where}: vĩ độ ${num(lat)} nằm ngoài khoảng -90 đến 90.`,
  swapped: (where: string, lon: number, lat: number) =>
    `${where}: vĩ độ ${num(lat)} là không thể. Toạ độ có vẻ bị đảo: GeoJSON ghi [kinh độ, vĩ độ], tức [${num(lat)}, ${num(lon)}].`,
  tooManyPositions: (max: number) =>
    `Hình có hơn ${num(max)} vị trí: hãy đơn giản hoá đường bao (ví dụ trong QGIS) rồi nhập lại.`,
  tooMuchWork:
    'Tệp có quá nhiều đường bao phức tạp để kiểm tra tự cắt trong thời gian cho phép: hãy chia tệp hoặc đơn giản hoá đường bao.',
  noRings: (where: string) => `${where} không có vòng nào.`,
  ringTooShort: (where: string, n: number) =>
    `${where} có ${n} vị trí; một vòng cần ít nhất 4 vị trí (vị trí cuối lặp lại vị trí đầu).`,
  ringOpen: (where: string) => `${where} chưa khép kín: vị trí cuối phải trùng vị trí đầu.`,
  ringFlat: (where: string) => `${where} không có diện tích: các vị trí trùng nhau hoặc thẳng hàng.`,
  ringSpike: (where: string, position: number) =>
    `${where} tự cắt: đường bao quay ngược lại chính nó tại vị trí ${position}.`,
  selfCross: (where: string, a: number, b: number) =>
    `${where} tự cắt: cạnh bắt đầu ở vị trí ${a} cắt cạnh bắt đầu ở vị trí ${b}.`,
  ringsCross: (first: string, second: string) => `${first} và ${second.toLowerCase()} cắt hoặc chạm nhau.`,
  holeOutside: (where: string) => `${where} là một lỗ nhưng nằm ngoài vòng ngoài (vòng 1) của đa giác.`,
  polygonsOverlap: (outer: number, inner: number) =>
    `Đa giác ${inner} nằm bên trong đa giác ${outer}: các đa giác của một MultiPolygon không được chồng lên nhau.`,
  pointOver4ha: (areaHa: number) =>
    `Thửa trên 4 ha (${num(areaHa)} ha) phải được vẽ bằng đa giác (Polygon hoặc MultiPolygon), không phải một điểm.`,
  declaredInvalid: 'Diện tích khai báo phải là một số không âm (ha).',
  areaMismatch: (declaredHa: number, measuredHa: number, percent: number) =>
    `Diện tích khai báo ${num(declaredHa)} ha lệch ${num(percent)}% so với diện tích đo từ hình (${num(measuredHa)} ha); chỉ cho phép lệch tối đa 10%.`,
  moreErrors: (n: number) => `Và ${num(n)} lỗi khác.`,
  outsideVietnam:
    'Hình nằm ngoài khung toạ độ của Việt Nam (kinh độ 102,1 đến 109,5; vĩ độ 8,1 đến 23,4): hãy kiểm tra lại toạ độ hoặc quốc gia.',
  pointWithoutArea:
    'Thửa chỉ có một điểm và chưa khai báo diện tích: quy định EUDR chỉ cho dùng một điểm khi thửa không quá 4 ha.',
  /** Where a fault is: the point, a ring of a polygon, a position on it. */
  where: {
    point: 'Điểm',
    thePolygon: 'Đa giác',
    polygon: (polygon: number) => `Đa giác ${polygon}`,
    ring: (ring: number) => `Vòng ${ring}`,
    polygonRing: (polygon: number, ring: number) => `Đa giác ${polygon}, vòng ${ring}`,
    position: (ringLabel: string, position: number) => `${ringLabel}, vị trí ${position}`,
  },
} as const;

/** Reading a file of plots (GeoJSON, KML, CSV): all or nothing, each fault named by its line or feature. */
export const plotImport = {
  line: (n: number) => `Dòng ${n}`,
  feature: (n: number) => `Đối tượng ${n}`,
  at: (where: string, message: string) => `${where}: ${message}`,
  moreErrors: (n: number) => `Và ${num(n)} lỗi khác.`,
  empty: 'Tệp không có thửa nào.',
  tooManyRows: (max: number) => `Tệp có hơn ${num(max)} thửa: hãy chia thành nhiều tệp.`,
  notUtf8: 'Tệp không phải văn bản UTF-8.',
  badJson: (detail: string) => `Tệp GeoJSON không phải JSON hợp lệ (${detail}).`,
  notFeatureCollection:
    'Tệp GeoJSON phải là một FeatureCollection, một Feature hoặc một hình (Point, Polygon, MultiPolygon).',
  notFeature: 'không phải một Feature GeoJSON.',
  noGeometry: 'không có hình học (geometry).',
  notWgs84: (crs: string) =>
    `Tệp GeoJSON dùng hệ toạ độ ${crs}: cần toạ độ WGS84 (EPSG:4326) theo độ, [kinh độ, vĩ độ]. Hãy chuyển hệ toạ độ (ví dụ từ VN-2000 trong QGIS) rồi nhập lại.`,
  badWkt: 'cột geometry phải là GeoJSON hoặc WKT (POINT, POLYGON, MULTIPOLYGON).',
  unknownKind: 'Tệp phải là GeoJSON (.geojson, .json), KML (.kml), KMZ (.kmz) hoặc CSV (.csv).',
  kmzUnreadable: 'Không đọc được tệp KMZ: tệp zip bị hỏng.',
  kmzTooLarge: 'Tệp KMZ giải nén ra quá lớn: hãy chia thành nhiều tệp nhỏ hơn.',
  kmzNoDoc: 'Tệp KMZ không có doc.kml: hãy mở bằng Google Earth và lưu lại, hoặc nhập tệp .kml.',
  badXml: (detail: string) => `Tệp KML không đọc được (${detail}).`,
  unsupportedKmlGeometry: (tag: string) =>
    `hình kiểu ${tag} không được nhận: chỉ nhận Point, Polygon hoặc nhiều Polygon (MultiGeometry).`,
  mixedKmlGeometry: 'MultiGeometry trộn điểm và đa giác: một thửa là một điểm hoặc các đa giác.',
  badKmlCoordinates: 'toạ độ KML phải là các bộ "kinh độ,vĩ độ" cách nhau bởi khoảng trắng.',
  csvNoHeader: 'Tệp CSV cần một dòng tiêu đề (name, lat, lon, ...).',
  csvNoLocation:
    'Tệp CSV cần cột lat và lon (vĩ độ, kinh độ) hoặc cột geometry (GeoJSON) cho vị trí của mỗi thửa.',
  csvBadNumber: (column: string, value: string) => `cột ${column} "${value}" không phải một số.`,
  csvMissingLocation: 'thiếu toạ độ (lat và lon, hoặc geometry).',
  tooLong: (field: string, max: number) => `${field} dài quá ${num(max)} ký tự.`,
  badCountry: (value: string) => `quốc gia "${value}" không phải mã ISO 3166 hai chữ cái (ví dụ VN).`,
  badArea: (value: string) => `diện tích "${value}" không phải một số không âm (ha).`,
  fields: {
    name: 'Tên thửa',
    producerName: 'Tên người sản xuất',
    province: 'Tỉnh',
    plantingAreaCode: 'Mã số vùng trồng',
    packingHouseCode: 'Mã số cơ sở đóng gói',
    crop: 'Cây trồng',
  },
  defaultName: (n: number) => `Thửa ${n}`,
} as const;
