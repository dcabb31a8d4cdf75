import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import type { Tables } from '#server/db/schema/index.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { qrTargetUrls } from '#server/services/gs1/qr-target.ts';
import { requireProductInScope } from '#server/services/products/read.ts';
import { type CompanyScope, inCompanyScope } from '#server/services/products/scope.ts';
import { qrImagePath } from '#server/services/shortLinks/qr.ts';
import { vi } from '#shared/i18n/vi/index.ts';

export type LotRow = Tables['lots']['$inferSelect'];

/**
 * The lot row when the caller may touch it. Another company's lot answers exactly like a missing one
 * (404, same message), as products do (decision 083).
 */
export async function requireLotInScope(db: Executor, scope: CompanyScope, id: number): Promise<LotRow> {
  const { lots } = db.tables;
  const [row] = await db.select().from(lots).where(eq(lots.id, id)).limit(1);
  if (!row || !inCompanyScope(scope, row.companyId)) throw new AppError('NOT_FOUND', vi.lots.notFound);
  return row;
}

export const lotEventColumns = (lotEvents: Tables['lotEvents']) => ({
  id: lotEvents.id,
  activity: lotEvents.activity,
  location: lotEvents.location,
  date: lotEvents.date,
  description: lotEvents.description,
  bizStep: lotEvents.bizStep,
  gln: lotEvents.gln,
});

export async function lotEventsOf(db: Executor, lotId: number) {
  const { lotEvents } = db.tables;
  return await db
    .select(lotEventColumns(lotEvents))
    .from(lotEvents)
    .where(eq(lotEvents.lotId, lotId))
    .orderBy(asc(lotEvents.position));
}

/** A lot as the API answers it (without its timeline and codes). */
export function toLot(row: LotRow) {
  return {
    id: row.id,
    companyId: row.companyId,
    productId: row.productId,
    code: row.code,
    productionDate: row.productionDate,
    expiryDate: row.expiryDate,
    expiryKind: row.expiryKind,
    quantity: row.quantity,
    unit: row.unit,
    recalled: row.recalledAt !== null,
    recalledAt: row.recalledAt?.toISOString() ?? null,
    recallReason: row.recallReason,
    inputRecallCode: row.inputRecallCode,
    inputRecallReason: row.inputRecallReason,
    held: row.heldAt !== null,
    heldAt: row.heldAt?.toISOString() ?? null,
    holdReason: row.holdReason,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    translations: row.translations,
  };
}
export type LotAnswer = ReturnType<typeof toLot>;

/** The QR codes of some lots, by lot: each with its image URLs and the URL it encodes. */
async function codesOf(deps: Pick<AppDeps, 'db' | 'settings'>, lotIds: number[]) {
  const { shortLinks } = deps.db.tables;
  const byLot = new Map<number, { code: string; url: string; png: string; svg: string }[]>();
  if (!lotIds.length) return byLot;
  const rows = await deps.db
    .select({ code: shortLinks.code, lotId: shortLinks.lotId })
    .from(shortLinks)
    .where(inArray(shortLinks.lotId, lotIds))
    .orderBy(asc(shortLinks.id));
  // What each label encodes: /01/{gtin}/10/{lot} when the company prints Digital Links (decision 131).
  const urls = await qrTargetUrls(
    deps,
    rows.map((r) => r.code),
  );
  for (const r of rows) {
    const list = byLot.get(r.lotId as number) ?? [];
    list.push({
      code: r.code,
      url: urls.get(r.code) as string,
      png: qrImagePath(r.code, 'png'),
      svg: qrImagePath(r.code, 'svg'),
    });
    byLot.set(r.lotId as number, list);
  }
  return byLot;
}

/** GET /lots?productId=: a product's lots, newest production first, each with its QR codes. */
export async function listLots(deps: AppDeps, scope: CompanyScope, productId: number) {
  const { lots } = deps.db.tables;
  await requireProductInScope(deps.db, scope, productId);
  const rows = await deps.db.select().from(lots).where(eq(lots.productId, productId)).orderBy(asc(lots.code));
  const codes = await codesOf(
    deps,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...toLot(r), qrCodes: codes.get(r.id) ?? [] }));
}

/** GET /lots/{id}: the lot with its own timeline, its QR codes and its product's name. */
export async function getLot(deps: AppDeps, scope: CompanyScope, id: number) {
  const { products } = deps.db.tables;
  const row = await requireLotInScope(deps.db, scope, id);
  const [product] = await deps.db
    .select({ name: products.name })
    .from(products)
    .where(eq(products.id, row.productId))
    .limit(1);
  return {
    ...toLot(row),
    productName: product?.name ?? '',
    events: await lotEventsOf(deps.db, id),
    qrCodes: (await codesOf(deps, [id])).get(id) ?? [],
  };
}
