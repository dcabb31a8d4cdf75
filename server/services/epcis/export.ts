/** Loads a product's or a lot's timeline and builds its EPCIS 2.0 document (decisions 133, 193). */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { lotEvents, lots, products, trackingEntries } from '#server/db/schema/index.ts';
import type { AppDeps } from '#server/deps.ts';
import { buildEpcisDocument, type EpcisLot, type EpcisStep } from './document.ts';

const stepColumns = {
  activity: trackingEntries.activity,
  location: trackingEntries.location,
  date: trackingEntries.date,
  description: trackingEntries.description,
  bizStep: trackingEntries.bizStep,
  gln: trackingEntries.gln,
};

function productSteps(deps: AppDeps, productId: number): Promise<EpcisStep[]> {
  return deps.db
    .select(stepColumns)
    .from(trackingEntries)
    .where(eq(trackingEntries.productId, productId))
    .orderBy(asc(trackingEntries.position), asc(trackingEntries.id));
}

async function lotsWithSteps(deps: AppDeps, rows: Array<typeof lots.$inferSelect>): Promise<EpcisLot[]> {
  if (!rows.length) return [];
  const steps = await deps.db
    .select({
      lotId: lotEvents.lotId,
      activity: lotEvents.activity,
      location: lotEvents.location,
      date: lotEvents.date,
      description: lotEvents.description,
      bizStep: lotEvents.bizStep,
      gln: lotEvents.gln,
      eventId: lotEvents.eventId,
      epcis: lotEvents.epcis,
      epcisContext: lotEvents.epcisContext,
    })
    .from(lotEvents)
    .where(
      inArray(
        lotEvents.lotId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(lotEvents.position), asc(lotEvents.id));
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    productionDate: r.productionDate,
    expiryDate: r.expiryDate,
    expiryKind: r.expiryKind,
    quantity: r.quantity,
    unit: r.unit,
    recalledAt: r.recalledAt,
    createdAt: r.createdAt,
    steps: steps.filter((s) => s.lotId === r.id),
  }));
}

/** An ACTIVE product is public, and so is its timeline: anything else answers null (a 404). */
async function publicProduct(deps: AppDeps, productId: number) {
  const [row] = await deps.db
    .select({ id: products.id, gtin: products.gtin })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.status, 'ACTIVE')))
    .limit(1);
  return row;
}

export async function exportProductEpcis(deps: AppDeps, productId: number, now = new Date()) {
  const product = await publicProduct(deps, productId);
  if (!product) return null;
  const lotRows = await deps.db
    .select()
    .from(lots)
    .where(eq(lots.productId, productId))
    .orderBy(asc(lots.id));
  return buildEpcisDocument({
    publicUrl: deps.settings.publicUrl,
    now,
    scope: 'product',
    product: { ...product, steps: await productSteps(deps, productId) },
    lots: await lotsWithSteps(deps, lotRows),
  });
}

export async function exportLotEpcis(deps: AppDeps, lotId: number, now = new Date()) {
  const [lot] = await deps.db.select().from(lots).where(eq(lots.id, lotId)).limit(1);
  const product = lot && (await publicProduct(deps, lot.productId));
  if (!lot || !product) return null;
  return buildEpcisDocument({
    publicUrl: deps.settings.publicUrl,
    now,
    scope: 'lot',
    product: { ...product, steps: await productSteps(deps, product.id) },
    lots: await lotsWithSteps(deps, [lot]),
  });
}
