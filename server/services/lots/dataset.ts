import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '#server/deps.ts';
import type { CompanyScope } from '#server/services/products/scope.ts';
import { type DatasetItem, missingDatasetItems } from '#shared/gs1/dataset.ts';

/**
 * Which Thông tư 02/2024/TT-BKHCN items each of some products lacks (decision 127), for the product
 * list's page: four queries whatever the page's size. Products outside the scope are left out, as if
 * they did not exist.
 */
export async function datasetStatus(deps: AppDeps, scope: CompanyScope, productIds: number[]) {
  const { companies, lots, products, trackingEntries } = deps.db.tables;
  const ids = [...new Set(productIds)];
  if (!ids.length) return [];
  const rows = await deps.db
    .select({
      id: products.id,
      companyId: products.companyId,
      name: products.name,
      image: products.image,
      images: products.images,
      qrCode: products.qrCode,
      gtin: products.gtin,
      brand: products.brand,
      shelfLife: products.shelfLife,
      standards: products.standards,
      companyName: companies.name,
      companyAddress: companies.address,
    })
    .from(products)
    .innerJoin(companies, eq(companies.id, products.companyId))
    .where(and(inArray(products.id, ids), scope === null ? undefined : eq(products.companyId, scope)));
  const found = rows.map((r) => r.id);
  const steps = await deps.db
    .select({
      productId: trackingEntries.productId,
      location: trackingEntries.location,
      date: trackingEntries.date,
    })
    .from(trackingEntries)
    .where(inArray(trackingEntries.productId, found));
  const lotRows = await deps.db
    .select({ productId: lots.productId, productionDate: lots.productionDate, expiryDate: lots.expiryDate })
    .from(lots)
    .where(and(inArray(lots.productId, found), isNull(lots.recalledAt)));
  return rows.map((r): { productId: number; missing: DatasetItem[] } => ({
    productId: r.id,
    missing: missingDatasetItems({
      ...r,
      trackings: steps.filter((s) => s.productId === r.id),
      lots: lotRows.filter((l) => l.productId === r.id),
    }),
  }));
}
