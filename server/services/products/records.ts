import { eq, getTableColumns, sql, type Table } from 'drizzle-orm';
import { chunked } from '#server/db/chunks.ts';
import type { Executor } from '#server/db/client.ts';
import type { Tables } from '#server/db/schema/index.ts';
import { generateCode } from '#server/services/codes.ts';
import { trackingColumns } from '#server/services/products/serialize.ts';
import { carrySteps, translatesSteps } from '#server/services/translations/steps.ts';
import { vietnameseSortKey } from '#shared/sort-key.ts';
import { foldVietnamese } from '#shared/text.ts';
import type { ProductTranslation, Translations } from '#shared/translations.ts';

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
  const { products, trackingEntries } = tx.tables;
  // The steps' translations are kept by step id (decision 210): a save gives every step a new row, so
  // each translated step's is carried to the row it became.
  const [product] = await tx
    .select({ translations: products.translations })
    .from(products)
    .where(eq(products.id, productId));
  const carry = product && translatesSteps(product.translations);
  const stepText = { ...trackingColumns(trackingEntries), position: trackingEntries.position };
  const before = carry
    ? await tx.select(stepText).from(trackingEntries).where(eq(trackingEntries.productId, productId))
    : [];
  await tx.delete(trackingEntries).where(eq(trackingEntries.productId, productId));
  await insertTrackings(tx, productId, companyId, entries);
  if (!carry) return;
  const after = await tx
    .select(stepText)
    .from(trackingEntries)
    .where(eq(trackingEntries.productId, productId));
  await tx
    .update(products)
    .set({ translations: carrySteps(product.translations, before, after) })
    .where(eq(products.id, productId));
}

/** Appends a timeline to a product that has none yet (a new one, or one just cleared). */
async function insertTrackings(
  tx: Executor,
  productId: number,
  companyId: number,
  entries: TrackingFields[],
): Promise<void> {
  await insertSteps(tx, stepRows(productId, companyId, entries));
}

/** A product's timeline as tracking_entries rows, in order. */
function stepRows(productId: number, companyId: number, entries: readonly TrackingFields[]) {
  return entries.map((e, position) => ({ productId, companyId, ...timelineStep(e, position) }));
}

/** Bound parameters in one multi-row INSERT: far below both engines' limits (SQLite's is the lower). */
const INSERT_PARAMETERS = 10_000;

/** Rows per multi-row INSERT into `table`, every one of its columns counted as a bound parameter. */
function rowsPerInsert(table: Table): number {
  return Math.max(1, Math.floor(INSERT_PARAMETERS / Object.keys(getTableColumns(table)).length));
}

/** Inserts timeline rows, a statement per chunk. */
async function insertSteps(tx: Executor, rows: Tables['trackingEntries']['$inferInsert'][]): Promise<void> {
  const { trackingEntries } = tx.tables;
  for (const chunk of chunked(rows, rowsPerInsert(trackingEntries)))
    await tx.insert(trackingEntries).values(chunk);
}

/** A code to point at a product (bindCodes). */
export interface CodeBinding {
  code: string;
  productId: number;
}

/**
 * Points each code at its product: the code's short-link row is created, or an unbound one of the same
 * company is bound. The caller must have checked the codes free (services/shortLinks/availability.ts).
 * A statement per chunk of codes.
 */
export async function bindCodes(
  tx: Executor,
  bindings: readonly CodeBinding[],
  companyId: number,
  createdBy: number | null,
): Promise<void> {
  const { shortLinks } = tx.tables;
  const boundAt = new Date();
  for (const chunk of chunked(bindings, rowsPerInsert(shortLinks))) {
    await tx
      .insert(shortLinks)
      .values(chunk.map(({ code, productId }) => ({ code, companyId, productId, createdBy, boundAt })))
      // `excluded` is the row this statement proposed for that code: each existing code gets its own product.
      .onConflictDoUpdate({
        target: shortLinks.code,
        set: { productId: sql.raw(`excluded.${shortLinks.productId.name}`), boundAt },
      });
  }
}

/** Points one code at a product: bindCodes for one. */
export async function bindCode(
  tx: Executor,
  code: string,
  companyId: number,
  productId: number,
  createdBy: number | null,
): Promise<void> {
  await bindCodes(tx, [{ code, productId }], companyId, createdBy);
}

/** A product to insert (insertProductRecords): its fields, its timeline and its code (a new one unless given). */
export interface NewProductRecord {
  fields: ProductFields;
  /** The product's text in other languages (decision 210): an import's translation columns. */
  translations?: Translations<ProductTranslation>;
  trackings?: TrackingFields[];
  qrCode?: string;
}

/** The products row of a new product: the one place its stored fields are derived from the form's. */
function productRow(companyId: number, fields: ProductFields, qrCode: string) {
  const images = fields.images ?? [];
  return {
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
  } satisfies Tables['products']['$inferInsert'];
}

/**
 * Inserts products, each with its primary code (a new one unless given), the code's short-link row and its
 * timeline. The one way a product row is born: the service, the import and the demo seed all use it (through
 * insertProductRecord for one). Given codes must already be checked free for this company (an unbound code of
 * its own is bound here) and differ from each other. A few multi-row statements per chunk of products, however
 * many there are. Answers each product's id and code, in the order given. Run inside a transaction.
 */
export async function insertProductRecords(
  tx: Executor,
  companyId: number,
  records: readonly NewProductRecord[],
  createdBy: number | null = null,
): Promise<{ id: number; qrCode: string }[]> {
  const { products } = tx.tables;
  const rows = records.map((r) => ({
    ...productRow(companyId, r.fields, r.qrCode ?? generateCode()),
    translations: r.translations ?? {},
  }));
  const ids = new Map<string, number>();
  for (const chunk of chunked(rows, rowsPerInsert(products))) {
    // Matched by code (unique) rather than by position: RETURNING's order is not promised.
    for (const row of await tx
      .insert(products)
      .values(chunk)
      .returning({ id: products.id, qrCode: products.qrCode })) {
      ids.set(row.qrCode, row.id);
    }
  }
  const inserted = rows.map(({ qrCode }) => {
    const id = ids.get(qrCode);
    if (id === undefined) throw new Error(`The insert of product code ${qrCode} returned no row`);
    return { id, qrCode };
  });
  await bindCodes(
    tx,
    inserted.map(({ id, qrCode }) => ({ code: qrCode, productId: id })),
    companyId,
    createdBy,
  );
  // inserted[i] is records[i]'s row: built from rows, in the same order.
  await insertSteps(
    tx,
    records.flatMap((r, i) => stepRows(inserted[i]!.id, companyId, r.trackings ?? [])),
  );
  return inserted;
}

/** Inserts one product with its code and timeline: insertProductRecords for one. Run inside a transaction. */
export async function insertProductRecord(
  tx: Executor,
  companyId: number,
  fields: ProductFields,
  trackings: TrackingFields[] = [],
  options: { qrCode?: string; createdBy?: number | null } = {},
) {
  const [row] = await insertProductRecords(
    tx,
    companyId,
    [{ fields, trackings, qrCode: options.qrCode }],
    options.createdBy ?? null,
  );
  // One record in, one row out.
  return row!;
}
