import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import {
  PUBLIC_INPUT_PLOTS_MAX,
  PUBLIC_INPUTS_MAX,
  PUBLIC_ORIGINS_MAX,
  PUBLIC_PLOTS_MAX,
} from '#server/db/public-answers/answers.ts';
import type { Tables } from '#server/db/schema/index.ts';
import { toPublicCompany } from '#server/services/accounts/profile.ts';
import { redirectUrl } from '#server/services/codes.ts';
import { lotEventsOf, toLot } from '#server/services/lots/read.ts';
import { toPlotView } from '#server/services/plots/plots.ts';
import type {
  PublicLot,
  PublicLotAnswer,
  PublicProductAnswer,
  ShortLinkAnswer,
} from '#server/services/products/public-answers.ts';
import { productColumns, toProduct, trackingColumns } from '#server/services/products/serialize.ts';
import { inputsOf } from '#server/services/supply-chain/inputs.ts';
import { movementsOf } from '#server/services/supply-chain/movements.ts';
import { partnersOf } from '#server/services/supply-chain/trace.ts';

/**
 * What each public answer must be, built with the query builder and the workspace's own serializers on
 * either engine: the reference the answers' own statements (SQLite's, decision 110; PostgreSQL's, decision
 * 169) are held to, byte for byte, by tests/server/perf/answer-builder.test.ts. It was the PostgreSQL
 * answers' source until decision 169 (five round trips per miss).
 */
export interface BuiltAnswer<T> {
  productId: number | null;
  companyId: number | null;
  lotId: number | null;
  data: T;
}

type LotRow = Tables['lots']['$inferSelect'];

/** The public part of the workspace's lot (toLot), in PublicLot's key order: its recall read in one place. */
function toPublicLot(row: LotRow): PublicLot {
  const { id, code, productionDate, expiryDate, expiryKind, recalled, recalledAt, recallReason } = toLot(row);
  const { inputRecallCode, inputRecallReason, translations } = toLot(row);
  return {
    id,
    code,
    productionDate,
    expiryDate,
    expiryKind,
    recalled,
    recalledAt,
    recallReason,
    inputRecallCode,
    inputRecallReason,
    translations,
  };
}

/**
 * Where a lot's goods came from, as the workspace's receipts and partners say (the public part only): each
 * supplier's first receipt, in date order, at most PUBLIC_ORIGINS_MAX.
 */
async function originsOf(db: Executor, lotId: number) {
  const all = await movementsOf(db, 'receipt', [lotId]);
  const firstIds = new Set(
    [...all]
      .sort((a, b) => a.id - b.id)
      .flatMap((r, i, sorted) => (sorted.findIndex((o) => o.partnerId === r.partnerId) === i ? [r.id] : [])),
  );
  const receipts = all.filter((r) => firstIds.has(r.id)).slice(0, PUBLIC_ORIGINS_MAX);
  const partners = new Map((await partnersOf(db, receipts)).map((p) => [p.id, p]));
  return receipts.map((r) => {
    const partner = partners.get(r.partnerId);
    if (!partner) throw new Error(`receipt ${r.id} has no partner`);
    return {
      province: partner.province,
      country: partner.country,
      name: partner.publicName ? partner.name : null,
    };
  });
}

/**
 * Where a lot grew, as the workspace's plots say (toPlotView, the public part only, decision 219): the
 * links in the order they were made, at most `limit`; the producer named only when public.
 */
async function plotsOf(db: Executor, lotId: number, limit: number) {
  const { lotPlots, plots } = db.tables;
  const rows = await db
    .select({ plot: plots })
    .from(lotPlots)
    .innerJoin(plots, eq(plots.id, lotPlots.plotId))
    .where(eq(lotPlots.lotId, lotId))
    .orderBy(asc(lotPlots.id))
    .limit(limit);
  return rows.map(({ plot }) => {
    const view = toPlotView(plot);
    return {
      id: view.id,
      name: view.name,
      country: view.country,
      province: view.province,
      plantingAreaCode: view.plantingAreaCode,
      packingHouseCode: view.packingHouseCode,
      crop: view.crop,
      areaHa: view.areaHa ?? view.areaHaGeodesic,
      producerName: view.producerPublic ? view.producerName : null,
      outline: plot.outline,
    };
  });
}

/** Lot codes in byte order, as SQLite's BINARY collation orders them, whatever the engine's collation. */
const byCode = (a: LotRow, b: LotRow) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/** The answer of an ACTIVE product, with `lotId`'s lot (a lot's own code) or none. */
async function productAnswerOf(db: Executor, publicUrl: string, productId: number, lotId: number | null) {
  const { companies, lots, products, trackingEntries } = db.tables;
  const [row] = await db
    .select({ product: productColumns(products), company: companies })
    .from(products)
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(and(eq(products.id, productId), eq(products.status, 'ACTIVE')))
    .limit(1);
  if (!row) return undefined;
  const trackings = await db
    .select(trackingColumns(trackingEntries))
    .from(trackingEntries)
    .where(eq(trackingEntries.productId, productId))
    .orderBy(asc(trackingEntries.position));
  const [lot] = lotId === null ? [] : await db.select().from(lots).where(eq(lots.id, lotId)).limit(1);
  const recalled = await db
    .select()
    .from(lots)
    .where(and(eq(lots.productId, productId), isNotNull(lots.recalledAt)));
  const data: PublicProductAnswer = {
    ...toProduct(row.product, publicUrl),
    trackings,
    languages: row.company.languages,
    company: toPublicCompany(row.company),
    lot: lot ? toPublicLot(lot) : null,
    recalledLots: recalled.sort(byCode).map(toPublicLot),
  };
  return data;
}

/** What a (folded) code resolves to: its short link's ACTIVE product, with the link's lot. */
export async function buildProductAnswer(
  db: Executor,
  publicUrl: string,
  code: string,
): Promise<BuiltAnswer<PublicProductAnswer> | undefined> {
  const { shortLinks } = db.tables;
  const [link] = await db
    .select({ productId: shortLinks.productId, lotId: shortLinks.lotId })
    .from(shortLinks)
    .where(eq(shortLinks.code, code))
    .limit(1);
  if (!link || link.productId === null) return undefined;
  const data = await productAnswerOf(db, publicUrl, link.productId, link.lotId);
  if (!data) return undefined;
  return { productId: data.id, companyId: data.companyId, lotId: link.lotId, data };
}

/** A product's primary code, ACTIVE or not (the page opened by the product's address). */
export async function buildPrimaryCode(db: Executor, productId: number): Promise<string | undefined> {
  const { products } = db.tables;
  const [row] = await db
    .select({ qrCode: products.qrCode })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row?.qrCode;
}

/** Where a printed code leads: its product only when that product is ACTIVE. */
export async function buildShortLinkAnswer(
  db: Executor,
  publicUrl: string,
  code: string,
): Promise<BuiltAnswer<ShortLinkAnswer> | undefined> {
  const { products, shortLinks } = db.tables;
  const [row] = await db
    .select({
      code: shortLinks.code,
      productId: shortLinks.productId,
      companyId: shortLinks.companyId,
      status: products.status,
    })
    .from(shortLinks)
    .leftJoin(products, eq(products.id, shortLinks.productId))
    .where(eq(shortLinks.code, code))
    .limit(1);
  if (!row) return undefined;
  const data: ShortLinkAnswer = {
    code: row.code,
    productId: row.status === 'ACTIVE' ? row.productId : null,
    url: redirectUrl(publicUrl, row.code),
  };
  return { productId: row.productId, companyId: row.companyId, lotId: null, data };
}

/** A lot's page: the lot with its own journey, and its product's answer (a lot of no scanned code). */
export async function buildLotAnswer(
  db: Executor,
  publicUrl: string,
  lotId: number,
): Promise<BuiltAnswer<PublicLotAnswer> | undefined> {
  const { lots } = db.tables;
  const [lot] = await db.select().from(lots).where(eq(lots.id, lotId)).limit(1);
  if (!lot) return undefined;
  const product = await productAnswerOf(db, publicUrl, lot.productId, null);
  if (!product) return undefined;
  const events = await lotEventsOf(db, lotId);
  const origins = await originsOf(db, lotId);
  const inputs = [];
  for (const input of (await inputsOf(db, lotId)).slice(0, PUBLIC_INPUTS_MAX))
    inputs.push({
      code: input.lot.code,
      productName: input.lot.productName,
      origins: await originsOf(db, input.lot.id),
      plots: await plotsOf(db, input.lot.id, PUBLIC_INPUT_PLOTS_MAX),
    });
  return {
    productId: product.id,
    companyId: product.companyId,
    lotId,
    data: {
      lot: {
        ...toPublicLot(lot),
        events,
        origins,
        plots: await plotsOf(db, lotId, PUBLIC_PLOTS_MAX),
        inputs,
      },
      product,
    },
  };
}
