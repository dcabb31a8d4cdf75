import { vi } from '#shared/i18n/vi/index.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { type CachedAnswer, dataOf, publicAnswers } from '#server/services/products/public-answers.ts';

/**
 * GET /shortLinks/{code} (public): where a printed code leads. An unknown code is 404; a code not yet
 * bound, or bound to a product the public may not see (INACTIVE), answers productId null, so the
 * redirect page can say "not active yet" without revealing anything. No scan is recorded here: the
 * product page's resolve records it. Served from the public cache, serialized.
 */
export function resolveShortLinkAnswer(deps: AppDeps, code: string): CachedAnswer {
  const entry = publicAnswers(deps).shortLink(code);
  if (!entry) throw new AppError('NOT_FOUND', vi.products.shortLinkNotFound);
  return entry;
}

export function resolveShortLink(deps: AppDeps, code: string) {
  return dataOf<{ code: string; productId: number | null; url: string }>(resolveShortLinkAnswer(deps, code));
}
