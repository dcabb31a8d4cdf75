import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { findGtinKey } from '#server/services/gs1/resolver.ts';
import {
  dataOf,
  type PublicAnswer,
  type PublicLotAnswer,
  type PublicProductAnswer,
} from '#server/services/products/public-answers.ts';
import { recordResolve, type Viewer } from '#server/services/products/resolve.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { lotPath, productPath, productPathAskingLot } from '#shared/public-paths.ts';
import type { ScannedTarget } from '#shared/scanned-text.ts';

/**
 * What a scan answers, whatever brought the code in (the scan page's camera, photo or typed code, a photo
 * sent to POST /api/products/scan-qr): the product answer, with `lot` the lot the code names (its recall
 * included), and where the scan leads (decision 184).
 */
export type ScanAnswer = PublicProductAnswer & {
  /** What was scanned: the shopper's pick among several codes of one photo resolves it again. */
  scanned: ScannedTarget;
  /**
   * The page the scan opens, a path of this app: where a phone's camera opening the same code lands.
   * A printed code (a lot's too, decision 126) and a product page's address: the product page. A lot's
   * Digital Link and a lot page's address: the lot page. A Digital Link to a lot the product does not
   * have: the product page naming that lot, which it says it does not have.
   */
  page: string;
  /** The lot page's answer when `page` is a lot's page, so that it opens with no second request. */
  lotPage: PublicLotAnswer | null;
};

/** A target's public answer and where it leads, before any scan is counted. */
export interface Scanned {
  target: ScannedTarget;
  entry: PublicAnswer;
  /** The answer is a lot page's (PublicLotAnswer), not a product's. */
  lotPage: boolean;
  page: string;
}

type FindDeps = Pick<AppDeps, 'db' | 'publicAnswers'>;

/** What `target` names among the public answers, or null (unknown, not public: all alike). Counts nothing. */
export async function findScanned(deps: FindDeps, target: ScannedTarget): Promise<Scanned | null> {
  const product = (entry: PublicAnswer | null, page = (id: number) => productPath(id)) =>
    entry ? { target, entry, lotPage: false, page: page(entry.productId as number) } : null;
  const lot = (entry: PublicAnswer | null) =>
    entry ? { target, entry, lotPage: true, page: lotPath(entry.lotId as number) } : null;
  switch (target.kind) {
    case 'code':
      return product(await deps.publicAnswers.product(target.code));
    case 'product':
      return product(await deps.publicAnswers.productById(target.id));
    case 'lot':
      return lot(await deps.publicAnswers.lot(target.id));
    case 'gtin': {
      const key = await findGtinKey(deps, target.gtin, target.lot);
      if (!key) return null;
      if (key.lot) return lot(await deps.publicAnswers.lot(key.lot.id));
      const asked = target.lot;
      return product(
        await deps.publicAnswers.productById(key.product.id),
        asked ? (id) => productPathAskingLot(id, asked) : undefined,
      );
    }
  }
}

/** The answer of a found target (a lot page's product carries that lot, with its recall, as a lot code's does). */
export function scanAnswerOf(found: Scanned): ScanAnswer {
  const { target: scanned, page } = found;
  if (!found.lotPage) return { ...dataOf<PublicProductAnswer>(found.entry), scanned, page, lotPage: null };
  const lotPage = dataOf<PublicLotAnswer>(found.entry);
  const { events: _events, ...lot } = lotPage.lot;
  return { ...lotPage.product, lot, scanned, page, lotPage };
}

/** The 404 of a target that names nothing public, in the words of what was asked for. */
export function notScanned(target: ScannedTarget): AppError {
  return new AppError('NOT_FOUND', target.kind === 'lot' ? vi.lots.notFound : vi.products.notFound);
}

/**
 * A scan in the app (products.resolveScan): the target's answer, and one scan event, of the lot too when
 * the code names a lot the app knows, like every other way in (decisions 126, 136). 404 when the target
 * names nothing public.
 */
export async function resolveScan(
  deps: FindDeps & Pick<AppDeps, 'scanBuffer'>,
  target: ScannedTarget,
  viewer: Viewer,
): Promise<ScanAnswer> {
  const found = await findScanned(deps, target);
  if (!found) throw notScanned(target);
  recordResolve(deps, found.entry, viewer);
  return scanAnswerOf(found);
}
