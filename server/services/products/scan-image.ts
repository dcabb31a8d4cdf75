import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { type LimitScope, limitedPhotoScan } from '#server/security/limits.ts';
import {
  findScanned,
  notScanned,
  type ScanAnswer,
  type Scanned,
  scanAnswerOf,
} from '#server/services/scans/resolve-scan.ts';
import { inspectScanPhoto } from '#server/services/scans/scan-photo.ts';
import { requireScannedTarget, scannedTargetOf } from '#server/services/scans/scanned-text.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { ScannedTarget } from '#shared/scanned-text.ts';
import type { UploadFileInput } from '#shared/schemas/uploads.ts';
import { recordResolve, type Viewer } from './resolve.ts';

/** The answer of a photo scan: the scan's answer (resolveScan's) and every product of ours found. */
export type ScanImageAnswer = ScanAnswer & { found: ScanAnswer[] };

/**
 * POST /products/scan-qr (public): a photo of QR codes -> the products they point to. Counted per
 * address first (429), the photo checked (type, bytes, declared pixels) before any decoding, scaled
 * down and decoded on the pool's threads (503 when its queue is full). Every code the app prints is
 * read, as the scan page reads it (shared/scanned-text.ts, decision 184). One product of ours: the
 * scan's answer, scan event included, with `found` holding it alone. Several (decision 120): the first
 * one's answer and all of them in `found`, and no scan event: the shopper picks one, and that pick is
 * the scan (the client resolves it). Codes of other systems and unknown codes are left out when a code
 * of ours is beside them; alone, they answer as a single one would (400 not ours, 404 unknown).
 */
export function scanProductImage(deps: AppDeps & LimitScope, file: UploadFileInput, viewer: Viewer) {
  return limitedPhotoScan(deps, async (): Promise<ScanImageAnswer> => {
    const photo = await inspectScanPhoto(file.bytes, deps.settings.photoScanMaxBytes);
    const texts = await deps.decodePool.decode(file.bytes, photo);
    if (texts.length === 0) throw new AppError('BAD_REQUEST', vi.scan.noCodeInImage);
    const targets = new Map<string, ScannedTarget>();
    for (const text of texts) {
      const target = scannedTargetOf(text, deps.settings.publicUrl);
      if (target) targets.set(JSON.stringify(target), target);
    }
    const seen = new Set<number | null>();
    const founds: Scanned[] = [];
    for (const target of targets.values()) {
      const found = await findScanned(deps, target);
      // Two printed codes of one product are one product to the shopper.
      if (!found || seen.has(found.entry.productId)) continue;
      seen.add(found.entry.productId);
      founds.push(found);
    }
    const [first] = founds;
    if (!first) {
      // Nothing of ours known: the first code of ours is an unknown one (404), or none is ours (400).
      const [target] = targets.values();
      throw notScanned(target ?? requireScannedTarget(texts[0] as string, deps.settings.publicUrl));
    }
    if (founds.length === 1) {
      recordResolve(deps, first.entry, viewer);
      const answer = scanAnswerOf(first);
      return { ...answer, found: [answer] };
    }
    const found = founds.map(scanAnswerOf);
    return { ...(found[0] as ScanAnswer), found };
  });
}
