import { asc, eq } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import type { Tables } from '#server/db/schema/index.ts';
import { redirectUrl } from '#server/services/codes.ts';
import { qrImagePath } from '#server/services/shortLinks/qr.ts';

/** The columns a product answer is made of (never search_text nor name_sort), of the engine's table. */
export const productColumns = (products: Tables['products']) => ({
  id: products.id,
  companyId: products.companyId,
  name: products.name,
  image: products.image,
  images: products.images,
  status: products.status,
  category: products.category,
  unit: products.unit,
  qrCode: products.qrCode,
  tags: products.tags,
  origin: products.origin,
  gtin: products.gtin,
  brand: products.brand,
  standards: products.standards,
  shelfLife: products.shelfLife,
  version: products.version,
  createdAt: products.createdAt,
  updatedAt: products.updatedAt,
  translations: products.translations,
});

type ProductRow = Omit<Tables['products']['$inferSelect'], 'searchText' | 'nameSort'>;

/** One product as the API answers it, with its QR image URLs and the URL the QR encodes. */
export function toProduct(row: ProductRow, publicUrl: string) {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    image: row.image,
    images: row.images,
    status: row.status,
    category: row.category,
    unit: row.unit,
    qr_code: row.qrCode,
    qr_code_image: qrImagePath(row.qrCode, 'png'),
    qr_code_svg: qrImagePath(row.qrCode, 'svg'),
    qr_code_url: redirectUrl(publicUrl, row.qrCode),
    tags: row.tags,
    origin: row.origin,
    gtin: row.gtin,
    brand: row.brand,
    standards: row.standards,
    shelf_life: row.shelfLife,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    translations: row.translations,
  };
}
export type ProductAnswer = ReturnType<typeof toProduct>;

/** The columns a timeline entry is answered with, of the engine's table. */
export const trackingColumns = (trackingEntries: Tables['trackingEntries']) => ({
  id: trackingEntries.id,
  activity: trackingEntries.activity,
  location: trackingEntries.location,
  date: trackingEntries.date,
  description: trackingEntries.description,
  companyId: trackingEntries.companyId,
});

/** A product's timeline in order, as the API answers it. */
export async function trackingsOf(db: Executor, productId: number) {
  const { trackingEntries } = db.tables;
  return await db
    .select(trackingColumns(trackingEntries))
    .from(trackingEntries)
    .where(eq(trackingEntries.productId, productId))
    .orderBy(asc(trackingEntries.position));
}
