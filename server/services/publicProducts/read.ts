import { and, asc, count, eq } from 'drizzle-orm';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { pageWindow } from '#server/services/pagination.ts';
import { dataOf, type PublicProductAnswer } from '#server/services/products/public-answers.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { PublicCompanyProductsInput } from '#shared/schemas/publicProducts.ts';
import type { ProductTranslation, Translations } from '#shared/translations.ts';

/** What a card shows of a product's translations: its name, category and origin, not its steps or tags. */
const CARD_FIELDS = ['name', 'category', 'origin'] as const;
type CardTranslation = Pick<ProductTranslation, (typeof CARD_FIELDS)[number]>;

function cardTranslations(all: Translations<ProductTranslation> | null): Translations<CardTranslation> {
  const out: Translations<CardTranslation> = {};
  for (const [lang, translation] of Object.entries(all ?? {}) as [keyof typeof out, ProductTranslation][]) {
    const card: CardTranslation = {};
    for (const field of CARD_FIELDS) if (translation?.[field]) card[field] = translation[field];
    if (Object.keys(card).length > 0) out[lang] = card;
  }
  return out;
}

/**
 * GET /public/products/{id}: the product page opened by its address (a shared link, the history, a
 * reload). The same answer as the resolve by code, but no scan event: opening a page is not a scan.
 * A missing and an INACTIVE product are the same 404, so the public learns nothing it may not see.
 */
export async function getPublicProduct(deps: AppDeps, id: number) {
  const entry = await deps.publicAnswers.productById(id);
  if (!entry) throw new AppError('NOT_FOUND', vi.products.notFound);
  return dataOf<PublicProductAnswer>(entry);
}

/**
 * GET /public/companies/{id}/products: a company's ACTIVE products for its public page, in Vietnamese
 * name order (decision 085; the company's name index, status checked on the row). Only
 * what a card shows leaves: no codes, no versions, nothing of INACTIVE products (not even a count).
 * With the cards' translations and the company's published languages, so a page in English or Chinese
 * shows each card in its language, or marks the Vietnamese it falls back to (decision 211).
 */
export async function listPublicCompanyProducts(deps: AppDeps, input: PublicCompanyProductsInput) {
  const { companies, products } = deps.db.tables;
  const [company] = await deps.db
    .select({ id: companies.id, languages: companies.languages })
    .from(companies)
    .where(eq(companies.id, input.id))
    .limit(1);
  if (!company) throw new AppError('NOT_FOUND', vi.companies.companyNotFound);
  const where = and(eq(products.companyId, input.id), eq(products.status, 'ACTIVE'));
  const { limit, offset } = pageWindow(input.page, input.limit);
  const rows = await deps.db
    .select({
      id: products.id,
      name: products.name,
      image: products.image,
      category: products.category,
      origin: products.origin,
      translations: products.translations,
    })
    .from(products)
    .where(where)
    .orderBy(asc(products.nameSort), asc(products.id))
    .limit(limit)
    .offset(offset);
  const [counted] = await deps.db.select({ n: count() }).from(products).where(where);
  const total = counted?.n ?? 0;
  return {
    products: rows.map((row) => ({ ...row, translations: cardTranslations(row.translations) })),
    total,
    languages: company.languages ?? [],
  };
}
