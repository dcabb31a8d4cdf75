/**
 * What a scanned text means (decision 184): the one reading of a QR code's text, used by the server (a
 * photo sent to POST /api/products/scan-qr) and by the phone (the scan page's camera, photo and typed
 * code), so that both accept exactly the same codes. Every address the app prints or shows is ours:
 * - a bare code (what is printed under the label) and `/redirect/{code}` (a printed code, a lot's code);
 * - a GS1 Digital Link `/01/{gtin}[/22/…][/10/{lot}][/21/…]` (what a company printing Digital Link codes
 *   prints, decision 131), with any query;
 * - a product's page `/products/details/{id}` and a lot's page `/lots/{id}` (a shared link).
 * Paths count on one of our bases (PUBLIC_URL, with its own path if it has one, or the origin the app
 * runs on) or as a bare path. A Digital Link on another resolver's origin names a GTIN all the same: it
 * is read as one, and leads here only when a product of ours carries that GTIN. Anything else (another
 * site's address, `javascript:`, Wi-Fi settings) means nothing to us: it is never opened or looked up.
 *
 * A Digital Link's query is not read: its data attributes (a best-before date, …) do not change which
 * product or lot the link names, and a label's odd attribute must not make its own code unreadable.
 */
import { ID_MAX, QR_CODE_PATTERN } from './constants.ts';
import { parseDigitalLinkPath } from './gs1/digital-link.ts';

export type ScannedTarget =
  /** A printed code (decision 084: folded to lower case). */
  | { kind: 'code'; code: string }
  /** A Digital Link's GTIN (14 digits) and lot (AI 10), if it names one. */
  | { kind: 'gtin'; gtin: string; lot: string | null }
  | { kind: 'product'; id: number }
  | { kind: 'lot'; id: number };

/** Longer than any address we print by far (a QR code holds up to ~4,000 characters): refused unread. */
export const SCANNED_TEXT_MAX = 2048;

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null; // a malformed %-escape
  }
}

function idOf(segment: string | undefined): number | null {
  if (!segment || !/^[1-9]\d{0,9}$/.test(segment)) return null;
  const id = Number(segment);
  return id <= ID_MAX ? id : null;
}

/** A Digital Link anywhere in a path (a resolver may sit below a path of its own). */
function digitalLinkTarget(path: string): ScannedTarget | null {
  const parsed = parseDigitalLinkPath(path, '');
  if (!parsed.ok || parsed.link.primary !== '01') return null;
  const lot = parsed.link.qualifiers.find(([ai]) => ai === '10')?.[1] ?? null;
  return { kind: 'gtin', gtin: parsed.link.value, lot };
}

/** One of our own paths (below our base), without its query. */
function ourPathTarget(path: string): ScannedTarget | null {
  const segments = path.split('/').slice(1);
  // A trailing slash is tolerated, as the resolver and the pages tolerate it.
  if (segments.length > 1 && segments.at(-1) === '') segments.pop();
  const [first, second, third] = segments;
  if (segments.length === 2 && first === 'redirect') {
    const code = decoded(second ?? '');
    return code !== null && QR_CODE_PATTERN.test(code) ? { kind: 'code', code: code.toLowerCase() } : null;
  }
  if (segments.length === 3 && first === 'products' && second === 'details') {
    const id = idOf(third);
    return id === null ? null : { kind: 'product', id };
  }
  if (segments.length === 2 && first === 'lots') {
    const id = idOf(second);
    return id === null ? null : { kind: 'lot', id };
  }
  return first === '01' ? digitalLinkTarget(path) : null;
}

/** The path of `url` below `base` (an origin, with or without a path), or null when it is not below it. */
function pathBelow(url: URL, base: string): string | null {
  let b: URL;
  try {
    b = new URL(base);
  } catch {
    return null;
  }
  const basePath = b.pathname.replace(/\/+$/, '');
  if (url.origin !== b.origin || !url.pathname.startsWith(`${basePath}/`)) return null;
  return url.pathname.slice(basePath.length);
}

/** What `text` names, or null when it is not one of ours. `ourBases`: PUBLIC_URL, the app's origin. */
export function readScannedText(text: string, ourBases: readonly string[]): ScannedTarget | null {
  if (text.length > SCANNED_TEXT_MAX) return null;
  const value = text.trim();
  if (QR_CODE_PATTERN.test(value)) return { kind: 'code', code: value.toLowerCase() };
  // A bare path of ours (not `//host`, which is another site's address without its scheme).
  if (value.startsWith('/') && !value.startsWith('//')) return ourPathTarget(value.split(/[?#]/, 1)[0] ?? '');
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  for (const base of ourBases) {
    const path = pathBelow(url, base);
    const target = path === null ? null : ourPathTarget(path);
    if (target) return target;
  }
  return digitalLinkTarget(url.pathname);
}
