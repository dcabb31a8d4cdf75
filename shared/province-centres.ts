import { foldVietnamese } from './text.ts';
import { VIETNAM_PROVINCES } from './provinces.ts';

/**
 * The approximate centre [latitude, longitude] of each of Vietnam's 34 provincial units (shared/provinces.ts),
 * near its administrative seat. What a serial's open keeps of where it happened is the province alone
 * (decision 207): a phone's position, shared with the visitor's consent, is mapped to the nearest centre
 * and dropped; the suspect rule's "two provinces far apart" measures between these centres.
 */
export const PROVINCE_CENTRES: Readonly<Record<string, readonly [number, number]>> = {
  'Hà Nội': [21.03, 105.85],
  Huế: [16.46, 107.59],
  'Hải Phòng': [20.86, 106.68],
  'Đà Nẵng': [16.05, 108.2],
  'TP. Hồ Chí Minh': [10.78, 106.7],
  'Cần Thơ': [10.03, 105.78],
  'An Giang': [10.2, 105.2],
  'Bắc Ninh': [21.27, 106.19],
  'Cà Mau': [9.18, 105.15],
  'Cao Bằng': [22.67, 106.26],
  'Đắk Lắk': [12.8, 108.5],
  'Điện Biên': [21.39, 103.02],
  'Đồng Nai': [11.2, 106.85],
  'Đồng Tháp': [10.4, 106.0],
  'Gia Lai': [13.98, 108.6],
  'Hà Tĩnh': [18.34, 105.9],
  'Hưng Yên': [20.55, 106.2],
  'Khánh Hòa': [12.0, 109.0],
  'Lai Châu': [22.4, 103.46],
  'Lâm Đồng': [11.6, 108.0],
  'Lạng Sơn': [21.85, 106.76],
  'Lào Cai': [22.1, 104.4],
  'Nghệ An': [18.9, 105.2],
  'Ninh Bình': [20.3, 106.05],
  'Phú Thọ': [21.1, 105.3],
  'Quảng Ngãi': [14.8, 108.3],
  'Quảng Ninh': [21.1, 107.3],
  'Quảng Trị': [17.2, 106.7],
  'Sơn La': [21.2, 104.0],
  'Tây Ninh': [11.0, 106.2],
  'Thái Nguyên': [21.75, 105.85],
  'Thanh Hóa': [20.0, 105.5],
  'Tuyên Quang': [22.3, 105.1],
  'Vĩnh Long': [10.1, 106.2],
};

const RAD = Math.PI / 180;

/** Great-circle distance in kilometres between two [latitude, longitude] points (a sphere is near enough here). */
export function distanceKm(a: readonly [number, number], b: readonly [number, number]): number {
  const dLat = (b[0] - a[0]) * RAD;
  const dLon = (b[1] - a[1]) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a[0] * RAD) * Math.cos(b[0] * RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The distance between two provinces' centres, or null when either is not one of the 34. */
export function provinceDistanceKm(a: string, b: string): number | null {
  const ca = PROVINCE_CENTRES[a];
  const cb = PROVINCE_CENTRES[b];
  return ca && cb ? distanceKm(ca, cb) : null;
}

/** The province whose centre is nearest a position; null for a position outside Vietnam's surroundings. */
export function nearestProvince(lat: number, lon: number): string | null {
  if (!(lat >= 8 && lat <= 24 && lon >= 102 && lon <= 110)) return null;
  let best: string | null = null;
  let bestKm = Number.POSITIVE_INFINITY;
  for (const name of VIETNAM_PROVINCES) {
    const centre = PROVINCE_CENTRES[name];
    if (!centre) continue;
    const km = distanceKm([lat, lon], centre);
    if (km < bestKm) {
      bestKm = km;
      best = name;
    }
  }
  return best;
}

const FOLDED = new Map(
  VIETNAM_PROVINCES.map((name) => [foldVietnamese(name).replace(/[^a-z0-9]/g, ''), name]),
);

/**
 * A province named by a trusted reverse proxy's header (decision 207): one of the 34 by its name, with or
 * without tone marks, spaces or "TP.", or percent-encoded; null for anything else (an old province's name,
 * a city abroad).
 */
export function provinceFromName(text: string | undefined | null): string | null {
  if (!text || text.length > 300) return null;
  let name = text;
  // A header carries ASCII: the name without tone marks ("Ha Noi"), or percent-encoded UTF-8.
  try {
    name = decodeURIComponent(text);
  } catch {
    // Not percent-encoded: read as it is.
  }
  const key = foldVietnamese(name).replace(/[^a-z0-9]/g, '');
  return FOLDED.get(key) ?? FOLDED.get(`tp${key}`) ?? null;
}
