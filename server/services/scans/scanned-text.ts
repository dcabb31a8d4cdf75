import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { readScannedText, type ScannedTarget } from '#shared/scanned-text.ts';

/**
 * What a scanned text names on this server (shared/scanned-text.ts, with PUBLIC_URL as our base), or
 * null when it is not one of ours.
 */
export function scannedTargetOf(text: string, publicUrl: string): ScannedTarget | null {
  return readScannedText(text, [publicUrl]);
}

/** The same, refusing a text that is not ours with a clear message instead of looking it up. */
export function requireScannedTarget(text: string, publicUrl: string): ScannedTarget {
  const target = scannedTargetOf(text, publicUrl);
  if (!target) throw new AppError('BAD_REQUEST', vi.scan.notOurs);
  return target;
}
