import { eq } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { products, shortLinks, trackingEntries } from '#server/db/schema/index.ts';
import { generateCode } from '#server/services/codes.ts';
import { vietnameseSortKey } from '#shared/sort-key.ts';
import { foldVietnamese } from '#shared/text.ts';

export interface ProductFields {
  name: string;
  image?: string | null;
  images?: string[];
  status?: 'ACTIVE' | 'INACTIVE';
  category?: string | null;
  unit?: string | null;
  tags?: string[];
  origin?: string | null;
  gtin?: string | null;
  brand?: string | null;
  standards?: string | null;
  shelfLife?: string | null;
}

export interface TrackingFields {
  activity: string;
  location?: string;
  date: string;
  description?: string;
}

/** What the search index holds for a product (see migration 0001). */
export function searchTextOf(p: Pick<ProductFields, 'name' | 'origin' | 'category' | 'tags'>): string {
  return foldVietnamese([p.name, p.origin ?? '', p.category ?? '', ...(p.tags ?? [])].join(' '));
}

/** One step of a timeline as stored, a product's or a lot's alike: absent text is kept as ''. */
export function timelineStep(e: TrackingFields, position: number) {
  return {
    position,
    activity: e.activity,
    location: e.location ?? '',
    date: e.date,
    description: e.description ?? '',
  };
}

/** Replaces a product's timeline with `entries`, in order. Run inside the product's transaction. */
export async function replaceTrackings(
  tx: Executor,
  productId: number,
  companyId: number,
  entries: TrackingFields[],
): Promise<void> {
  await tx.delete(trackingEntries).where(eq(trackingEntries.productId, productId));
  await insertTrackings(tx, productId, companyId, entries);
}

/** Appends a timeline to a product that has none yet (a new one, or one just cleared). */
async function insertTrackings(
  tx: Executor,
  productId: number,
  companyId: number,
  entries: TrackingFields[],
): Promise<void> {
  if (!entries.length) return;
  await tx
    .insert(trackingEntries)
    .values(entries.map((e, position) => ({ productId, companyId, ...timelineStep(e, position) })));
}

/**
 * Points `code` at a product: the code's short-link row is created, or an unbound one of the same
 * company is bound. The caller must have checked the code free (services/shortLinks/availability.ts).
 */
export async function bindCode(
  tx: Executor,
  code: string,
  companyId: number,
  productId: number,
  createdBy: number | null,
): Promise<void> {
  const boundAt = new Date();
  await tx
    .insert(shortLinks)
    .values({ code, companyId, productId, createdBy, boundAt })
    .onConflictDoUpdate({ target: shortLinks.code, set: { productId, boundAt } });
}

/**
 * Inserts a product with its primary code (a new one unless given), the code's short-link row and the
 * timeline. The one way a product row is born: the service, the import and the demo seed all use it.
 * A given `qrCode` must already be checked free for this company (an unbound code of its own is bound here).
 * Run inside a transaction.
 */
export async function insertProductRecord(
  tx: Executor,
  companyId: number,
  fields: ProductFields,
  trackings: TrackingFields[] = [],
  options: { qrCode?: string; createdBy?: number | null } = {},
) {
  const qrCode = options.qrCode ?? generateCode();
  const images = fields.images ?? [];
  const [inserted] = await tx
    .insert(products)
    .values({
      companyId,
      name: fields.name,
      nameSort: vietnameseSortKey(fields.name),
      image: fields.image ?? images[0] ?? null,
      images,
      status: fields.status ?? 'INACTIVE',
      category: fields.category ?? null,
      unit: fields.unit ?? null,
      tags: fields.tags ?? [],
      origin: fields.origin ?? null,
      gtin: fields.gtin ?? null,
      brand: fields.brand ?? null,
      standards: fields.standards ?? null,
      shelfLife: fields.shelfLife ?? null,
      qrCode,
      searchText: searchTextOf(fields),
    })
    .returning({ id: products.id, qrCode: products.qrCode });
  // An insert's RETURNING has its one row.
  const row = inserted!;
  await bindCode(tx, qrCode, companyId, row.id, options.createdBy ?? null);
  await insertTrackings(tx, row.id, companyId, trackings);
  return row;
}
