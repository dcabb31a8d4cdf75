import { eq } from 'drizzle-orm';
import { vi } from '../../../shared/i18n/vi/index.ts';
import { products, shortLinks } from '../../db/schema/index.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../errors.ts';
import { redirectUrl } from '../codes.ts';

/**
 * GET /shortLinks/{code} (public): where a printed code leads. An unknown code is 404; a code not yet
 * bound, or bound to a product the public may not see (INACTIVE), answers productId null, so the
 * redirect page can say "not active yet" without revealing anything. No scan is recorded here: the
 * product page's resolve records it.
 */
export function resolveShortLink(deps: AppDeps, code: string) {
  const row = deps.db
    .select({ code: shortLinks.code, productId: shortLinks.productId, status: products.status })
    .from(shortLinks)
    .leftJoin(products, eq(products.id, shortLinks.productId))
    .where(eq(shortLinks.code, code))
    .get();
  if (!row) throw new AppError('NOT_FOUND', vi.products.shortLinkNotFound);
  return {
    code: row.code,
    productId: row.status === 'ACTIVE' ? row.productId : null,
    url: redirectUrl(deps.settings.publicUrl, row.code),
  };
}
