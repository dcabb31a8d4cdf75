import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { type LimitScope, limitedPhotoScan } from '#server/security/limits.ts';
import { inspectScanPhoto } from '#server/services/scans/scan-photo.ts';
import { codeFromScannedText } from '#server/services/scans/scanned-text.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { UploadFileInput } from '#shared/schemas/uploads.ts';
import { dataOf, type PublicAnswer } from './public-answers.ts';
import { type PublicProductAnswer, resolveCode, type Viewer } from './resolve.ts';

/** The answer of a photo scan: the product, as `resolve` answers it, and every product of ours found. */
export type ScanImageAnswer = PublicProductAnswer & { found: PublicProductAnswer[] };

/**
 * POST /products/scan-qr (public): a photo of QR codes -> the products they point to. Counted per
 * address first (429), the photo checked (type, bytes, declared pixels) before any decoding, scaled
 * down and decoded on the pool's threads (503 when its queue is full). One code of ours: the public
 * resolve's answer, scan event included, with `found` holding it alone. Several (decision 120): the
 * first one's answer and all of them in `found`, and no scan event: the shopper picks one, and that
 * pick is the scan (the client resolves it). Codes of other systems and unknown codes are left out
 * when a code of ours is beside them; alone, they answer as a single one would.
 */
export function scanProductImage(deps: AppDeps & LimitScope, file: UploadFileInput, viewer: Viewer) {
  return limitedPhotoScan(deps, async (): Promise<ScanImageAnswer> => {
    const photo = await inspectScanPhoto(file.bytes, deps.settings.photoScanMaxBytes);
    const texts = await deps.decodePool.decode(file.bytes, photo);
    if (texts.length === 0) throw new AppError('BAD_REQUEST', vi.scan.noCodeInImage);
    const codes = [...new Set(texts.map(ourCode(deps.settings.publicUrl)).filter((c) => c !== null))];
    const seen = new Set<number | null>();
    const answers: Array<{ code: string; entry: PublicAnswer }> = [];
    for (const code of codes) {
      const entry = await deps.publicAnswers.answer('product', code);
      // Two printed codes of one product are one product to the shopper.
      if (!entry || seen.has(entry.productId)) continue;
      seen.add(entry.productId);
      answers.push({ code, entry });
    }
    if (answers.length <= 1) {
      // The one code of ours (or, with none known, the first text: its own clear 400 or 404).
      const code =
        answers[0]?.code ?? codes[0] ?? codeFromScannedText(texts[0] as string, deps.settings.publicUrl);
      const answer = await resolveCode(deps, code, viewer);
      return { ...answer, found: [answer] };
    }
    const found = answers.map((a) => dataOf<PublicProductAnswer>(a.entry));
    return { ...(found[0] as PublicProductAnswer), found };
  });
}

function ourCode(publicUrl: string) {
  return (text: string): string | null => {
    try {
      return codeFromScannedText(text, publicUrl);
    } catch {
      return null;
    }
  };
}
