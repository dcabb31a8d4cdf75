import type { DEVICE_CLASSES } from '../../db/schema/index.ts';

export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/**
 * A coarse device class from the User-Agent: all a scan event keeps about who scanned (no IP, no
 * location, no full User-Agent). Tablets first: iPads and Android tablets also look "mobile-ish".
 */
export function deviceClass(userAgent: string): DeviceClass {
  const ua = userAgent.slice(0, 512);
  if (!ua || /bot|crawl|spider|curl|wget|python|httpclient/i.test(ua)) return 'other';
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|IEMobile|Opera Mini/i.test(ua)) return 'mobile';
  if (/Windows NT|Macintosh|X11|CrOS|Linux/i.test(ua)) return 'desktop';
  return 'other';
}
