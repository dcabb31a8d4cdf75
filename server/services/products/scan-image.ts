import { vi } from '#shared/i18n/vi/index.ts';
import type { UploadFileInput } from '#shared/schemas/uploads.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { type LimitScope, limitedPhotoScan } from '#server/security/limits.ts';
import { codeFromScannedText } from '#server/services/scans/scanned-text.ts';
import { inspectImage } from '#server/services/uploads/inspect.ts';
import { resolveCode, type Viewer } from './resolve.ts';

/**
 * POST /products/scan-qr (public): a photo of a QR code -> the product it points to (the public
 * resolve's answer, scan event included). Counted per address first (429), the image checked (type,
 * bytes, pixels) before any decoding, and decoded on the pool's threads (503 when its queue is full).
 */
export function scanProductImage(deps: AppDeps & LimitScope, file: UploadFileInput, viewer: Viewer) {
  return limitedPhotoScan(deps, async () => {
    await inspectImage(file.bytes, deps.settings.uploadMaxBytes);
    const [text] = await deps.decodePool.decode(file.bytes);
    if (!text) throw new AppError('BAD_REQUEST', vi.scan.noCodeInImage);
    return resolveCode(deps, codeFromScannedText(text, deps.settings.publicUrl), viewer);
  });
}
