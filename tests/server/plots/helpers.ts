import type { Position } from '#shared/plots/geometry.ts';

/** A square of `side` degrees with its south-west corner at [lon, lat], ring closed. */
export function square(
  lon: number,
  lat: number,
  side = 0.001,
): { type: 'Polygon'; coordinates: Position[][] } {
  return {
    type: 'Polygon',
    coordinates: [
      [
        [lon, lat],
        [lon + side, lat],
        [lon + side, lat + side],
        [lon, lat + side],
        [lon, lat],
      ],
    ],
  };
}

/** A plot of about 1.2 ha in Đắk Lắk, as a form sends it. */
export const plotBody = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  producerName: `Hộ ông ${name}`,
  province: 'Đắk Lắk',
  plantingAreaCode: 'VN-DLK-0001',
  crop: 'Cà phê',
  areaHa: null,
  geometry: square(108.123456, 12.654321),
  ...over,
});
