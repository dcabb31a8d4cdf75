import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db, Executor } from '#server/db/client.ts';
import type { TranslationLanguage } from '#shared/i18n/languages.ts';
import type { VerdictRecall } from '#shared/serial-verdict-banner.ts';
import type { CompanyTranslation, ProductTranslation, Translations } from '#shared/translations.ts';
import { type FoundSerial, ofItem } from './lookup.ts';
import { BURST_WINDOW_MS, RECENT_OPENS, type RecentOpen } from './verdict-rules.ts';

/** What an item's verdict and page read besides its row (issue 32): its lot, its recent opens, its product. */

/** The item's lot: its code (a Digital Link's lot must be it) and its recall, if any. */
export interface LotFacts {
  code: string;
  recall: VerdictRecall | null;
}

export async function lotFactsOf(db: Db | Executor, lotId: number | null): Promise<LotFacts | null> {
  if (lotId === null) return null;
  const { lots } = db.tables;
  const [lot] = await db
    .select({
      code: lots.code,
      recalledAt: lots.recalledAt,
      recallReason: lots.recallReason,
      inputRecallCode: lots.inputRecallCode,
      inputRecallReason: lots.inputRecallReason,
    })
    .from(lots)
    .where(eq(lots.id, lotId))
    .limit(1);
  if (!lot) return null;
  const recall: VerdictRecall | null = lot.recalledAt
    ? {
        lotCode: lot.code,
        reason: lot.recallReason,
        recalledAt: lot.recalledAt.toISOString(),
        inputLotCode: null,
      }
    : lot.inputRecallCode
      ? {
          lotCode: lot.code,
          reason: lot.inputRecallReason,
          recalledAt: null,
          inputLotCode: lot.inputRecallCode,
        }
      : null;
  return { code: lot.code, recall };
}

/** The item's newest opens of the last day, at most RECENT_OPENS, oldest first (one indexed range read). */
export async function recentOpensOf(
  db: Db | Executor,
  found: FoundSerial,
  now: number,
): Promise<RecentOpen[]> {
  const { serialOpens } = db.tables;
  const rows = await db
    .select({ at: serialOpens.at, province: serialOpens.province, browser: serialOpens.browser })
    .from(serialOpens)
    .where(and(ofItem(serialOpens, found), gt(serialOpens.at, new Date(now - BURST_WINDOW_MS))))
    .orderBy(desc(serialOpens.at))
    .limit(RECENT_OPENS);
  return rows.reverse().map((r) => ({ at: r.at.getTime(), province: r.province, browser: r.browser }));
}

/** The product under an item's verdict, as its page shows it (issue 33: its text in every language). */
export interface ProductLine {
  id: number;
  name: string;
  gtin: string | null;
  active: boolean;
  companyName: string;
  translations: Translations<ProductTranslation>;
  companyTranslations: Translations<CompanyTranslation>;
  languages: TranslationLanguage[];
}

export async function productLineOf(
  db: Db | Executor,
  productId: number | null,
): Promise<ProductLine | null> {
  if (productId === null) return null;
  const { products, companies } = db.tables;
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      gtin: products.gtin,
      status: products.status,
      companyName: companies.name,
      translations: products.translations,
      companyTranslations: companies.translations,
      languages: companies.languages,
    })
    .from(products)
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(eq(products.id, productId))
    .limit(1);
  if (!row) return null;
  const { status, ...line } = row;
  return { ...line, active: status === 'ACTIVE' };
}

/** Whether a Digital Link's GTIN (and lot) are the item's product's and its batch's lot's. */
export function linkMatches(
  product: Pick<ProductLine, 'gtin'> | null,
  lot: Pick<LotFacts, 'code'> | null,
  link: { gtin: string; lot?: string },
): boolean {
  if (!product?.gtin || product.gtin !== link.gtin) return false;
  return link.lot === undefined || lot?.code === link.lot;
}
