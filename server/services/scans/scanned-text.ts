import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { qrCodeSchema } from '#shared/schemas/products.ts';

const REDIRECT_PATH = /^\/redirect\/([^/?#]+)\/?$/;

function codeFromPath(path: string): string | null {
  const m = REDIRECT_PATH.exec(path);
  if (!m?.[1]) return null;
  let segment: string;
  try {
    segment = decodeURIComponent(m[1]);
  } catch {
    return null; // a malformed %-escape
  }
  const parsed = qrCodeSchema.safeParse(segment);
  return parsed.success ? parsed.data : null;
}

/**
 * The code a scanned QR holds. Accepted: our redirect URL (`PUBLIC_URL/redirect/{code}`, same origin),
 * the bare path `/redirect/{code}`, or a bare code. Anything else, another site's URL above all, is
 * refused with a clear message instead of being looked up.
 */
export function codeFromScannedText(text: string, publicUrl: string): string {
  const value = text.trim();
  const bare = qrCodeSchema.safeParse(value);
  if (bare.success) return bare.data;
  const fromPath = value.startsWith('/') ? codeFromPath(value) : null;
  if (fromPath) return fromPath;

  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new AppError('BAD_REQUEST', vi.scan.notOurs);
  }
  const base = new URL(publicUrl);
  const basePath = base.pathname.replace(/\/+$/, '');
  if (url.origin !== base.origin || !url.pathname.startsWith(`${basePath}/`)) {
    throw new AppError('BAD_REQUEST', vi.scan.notOurs);
  }
  const code = codeFromPath(url.pathname.slice(basePath.length));
  if (!code) throw new AppError('BAD_REQUEST', vi.scan.notOurs);
  return code;
}
