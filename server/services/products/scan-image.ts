import { vi } from '../../../shared/i18n/vi/index.ts';
import type { UploadFileInput } from '../../../shared/schemas/uploads.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { type LimitScope, limitedPhotoScan } from '../../security/limits.ts';
import { decodePoolOf } from '../scans/decode-pool.ts';
import { codeFromScannedText } from '../scans/scanned-text.ts';
import { inspectImage } from '../uploads/inspect.ts';
import { resolveCode, type Viewer } from './resolve.ts';

/**
 * POST /products/scan-qr (public): a photo of a QR code -> the product it points to (the public
 * resolve's answer, scan event included). Counted per address first (429), the image checked (type,
 * bytes, pixels) before any decoding, and decoded on the pool's threads (503 when its queue is full).
 */
export function scanProductImage(deps: AppDeps & LimitScope, file: UploadFileInput, viewer: Viewer) {
  return limitedPhotoScan(deps, async () => {
    await inspectImage(file.bytes, deps.settings.uploadMaxBytes);
    const [text] = await decodePoolOf(deps).decode(file.bytes);
    if (!text) throw new AppError('BAD_REQUEST', vi.scan.noCodeInImage);
    return resolveCode(deps, codeFromScannedText(text, deps.settings.publicUrl), viewer);
  });
}
