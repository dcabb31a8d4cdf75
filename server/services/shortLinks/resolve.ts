import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { dataOf, type ShortLinkAnswer } from '#server/services/products/public-answers.ts';
import { vi } from '#shared/i18n/vi/index.ts';

/**
 * Where a printed code leads (public). An unknown code has no answer (404); a code not yet bound, or
 * bound to a product the public may not see (INACTIVE), answers productId null, so the redirect page can
 * say "not active yet" without revealing anything. No scan is recorded here: the product page's
 * resolve records it. Served from the public answers (public-answers.ts).
 */
export async function resolveShortLink(
  deps: Pick<AppDeps, 'publicAnswers'>,
  code: string,
): Promise<ShortLinkAnswer> {
  const entry = await deps.publicAnswers.answer('shortLink', code);
  if (!entry) throw new AppError('NOT_FOUND', vi.products.shortLinkNotFound);
  return dataOf<ShortLinkAnswer>(entry);
}
