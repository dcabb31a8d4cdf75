/**
 * What a scanned text means: one of our product codes, or something foreign. The same rules as the
 * server's reading of an uploaded photo (server/services/scans/scanned-text.ts), on the client so that
 * a foreign QR is refused at once, without a request:
 * - a bare code (what is printed under the label),
 * - the path /redirect/{code},
 * - a URL of one of our origins (config.publicUrl, or the origin the app runs on) whose path is
 *   /redirect/{code} (below publicUrl's own path when it has one).
 * Anything else, another site's URL above all, is foreign: it is never opened or looked up.
 */
import { qrCodeSchema } from '#shared/schemas/products.ts';

const REDIRECT_PATH = /^\/redirect\/([^/?#]+)\/?$/;

function codeFromPath(path: string): string | null {
  const m = REDIRECT_PATH.exec(path);
  if (!m?.[1]) return null;
  try {
    const parsed = qrCodeSchema.safeParse(decodeURIComponent(m[1]));
    return parsed.success ? parsed.data : null;
  } catch {
    return null; // a malformed %-escape
  }
}

function codeFromUrl(url: URL, base: string): string | null {
  let b: URL;
  try {
    b = new URL(base);
  } catch {
    return null;
  }
  const basePath = b.pathname.replace(/\/+$/, '');
  if (url.origin !== b.origin || !url.pathname.startsWith(`${basePath}/`)) return null;
  return codeFromPath(url.pathname.slice(basePath.length));
}

/** The product code in `text`, or null when the text is not one of ours. */
export function codeFromScan(text: string, ourOrigins: readonly string[]): string | null {
  const value = text.trim();
  const bare = qrCodeSchema.safeParse(value);
  if (bare.success) return bare.data;
  if (value.startsWith('/')) return codeFromPath(value);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  for (const base of ourOrigins) {
    const code = codeFromUrl(url, base);
    if (code) return code;
  }
  return null;
}
