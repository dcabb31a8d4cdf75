import { vi } from '../../../shared/i18n/vi/index.ts';
import type { UploadFileInput } from '../../../shared/schemas/uploads.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { decodeQr } from '../scans/decode-qr.ts';
import { codeFromScannedText } from '../scans/scanned-text.ts';
import { inspectImage } from '../uploads/inspect.ts';
import { resolveCode, type Viewer } from './resolve.ts';

/**
 * POST /products/scan-qr: a photo of a QR code -> the product it points to (the public resolve's
 * answer, scan event included). The image is checked (type, bytes, pixels) before any decoding.
 */
export async function scanProductImage(deps: AppDeps, file: UploadFileInput, viewer: Viewer) {
  await inspectImage(file.bytes, deps.settings.uploadMaxBytes);
  const text = await decodeQr(file.bytes);
  if (!text) throw new AppError('BAD_REQUEST', vi.scan.noCodeInImage);
  return resolveCode(deps, codeFromScannedText(text, deps.settings.publicUrl), viewer);
}
