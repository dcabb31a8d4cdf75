import type { DEVICE_CLASSES } from '#server/db/schema/index.ts';

export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/**
 * A coarse device class from the User-Agent: all a scan event keeps about who scanned (no IP, no
 * location, no full User-Agent). Tablets first: iPads and Android tablets also look "mobile-ish".
 */
export function deviceClass(userAgent: string): DeviceClass {
  let known = seen.get(userAgent);
  if (!known) {
    known = classify(userAgent);
    // A storm comes from a few hundred phone models: their answers are kept; a flood of made-up
    // User-Agents only ever costs the regexes, and memory stays bounded.
    if (seen.size >= SEEN_MAX) seen.clear();
    seen.set(userAgent, known);
  }
  return known;
}

const SEEN_MAX = 2_000;
const seen = new Map<string, DeviceClass>();

function classify(userAgent: string): DeviceClass {
  const ua = userAgent.slice(0, 512);
  if (!ua || /bot|crawl|spider|curl|wget|python|httpclient/i.test(ua)) return 'other';
  if (/iPad|Tablet|PlayBook|Silk|Kindle|Android(?!.*Mobile)/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone|IEMobile|Opera Mini/i.test(ua)) return 'mobile';
  if (/Windows NT|Macintosh|X11|CrOS|Linux/i.test(ua)) return 'desktop';
  return 'other';
}
