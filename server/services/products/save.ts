import { and, eq } from 'drizzle-orm';
import { isUniqueViolation } from '#server/db/errors.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/services/actor.ts';
import { assertCodeFree } from '#server/services/shortLinks/availability.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { CreateProductInput, UpdateProductInput } from '#shared/schemas/products.ts';
import { vietnameseSortKey } from '#shared/sort-key.ts';
import { getProduct, requireProductInScope } from './read.ts';
import {
  bindCode,
  insertProductRecord,
  type ProductFields,
  replaceTrackings,
  searchTextOf,
} from './records.ts';
import { type CompanyScope, pickCompany } from './scope.ts';

/** Empty text means "none": a cleared field is stored as null, never as ''. */
const orNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || v === '' ? null : v;

function fieldsOf(input: Omit<CreateProductInput, 'companyId'>): Partial<ProductFields> {
  return {
    name: input.name,
    image: orNull(input.image),
    images: input.images,
    status: input.status,
    category: orNull(input.category),
    unit: orNull(input.unit),
    tags: input.tags ? [...new Set(input.tags)] : undefined,
    origin: orNull(input.origin),
    gtin: orNull(input.gtin),
    brand: orNull(input.brand),
    standards: orNull(input.standards),
    shelfLife: orNull(input.shelf_life),
  };
}

/** One GTIN names one product in the whole app (decision 125): the unique index decides, even for racing saves. */
function gtinTaken(err: unknown): never {
  if (isUniqueViolation(err, /products[._]gtin/)) {
    throw new AppError('CONFLICT', vi.lots.gtinTaken, { fields: { gtin: vi.lots.gtinTaken } });
  }
  throw err;
}

/** POST /products: the product, its images, tags, code and whole timeline in one transaction. */
export async function createProduct(
  deps: AppDeps,
  scope: CompanyScope,
  actor: Actor,
  input: CreateProductInput,
) {
  const companyId = pickCompany(scope, input.companyId);
  if (companyId === null) {
    throw new AppError('BAD_REQUEST', vi.products.companyRequired, {
      fields: { companyId: vi.validation.required },
    });
  }
  let id: number;
  try {
    id = await transaction(deps.db, async (tx) => {
      if (input.qr_code) await assertCodeFree(tx, input.qr_code, companyId);
      const fields = { ...fieldsOf(input), name: input.name } as ProductFields;
      const row = await insertProductRecord(tx, companyId, fields, input.trackings ?? [], {
        qrCode: input.qr_code,
        createdBy: actor.id,
      });
      return row.id;
    });
  } catch (err) {
    gtinTaken(err);
  }
  return getProduct(deps, scope, id);
}

/**
 * PUT /products/{id}: fields left out keep their value, a given timeline replaces the old one, all in
 * one transaction. `version` guards against overwriting a save the editor has not seen (409); every
 * save moves it on by one. A new `qr_code` becomes the product's primary code; its old code stays
 * bound to it, so labels already printed keep working.
 */
export async function updateProduct(
  deps: AppDeps,
  scope: CompanyScope,
  actor: Actor,
  input: UpdateProductInput,
) {
  try {
    await saveUpdate(deps, scope, actor, input);
  } catch (err) {
    gtinTaken(err);
  }
  return getProduct(deps, scope, input.id);
}

async function saveUpdate(deps: AppDeps, scope: CompanyScope, actor: Actor, input: UpdateProductInput) {
  const { products } = deps.db.tables;
  await transaction(deps.db, async (tx) => {
    const row = await requireProductInScope(tx, scope, input.id);
    if (input.version !== undefined && input.version !== row.version) {
      throw new AppError('CONFLICT', vi.errors.versionConflict);
    }
    if (input.qr_code && input.qr_code !== row.qrCode) {
      await assertCodeFree(tx, input.qr_code, row.companyId, row.id);
      await bindCode(tx, input.qr_code, row.companyId, row.id, actor.id);
    }
    const changes = Object.fromEntries(Object.entries(fieldsOf(input)).filter(([, v]) => v !== undefined));
    const merged = { ...row, ...changes } as ProductFields;
    // A gallery saved without a cover gives the product one, as on creation; an existing cover stays.
    if (input.image === undefined && !row.image && input.images) merged.image = input.images[0] ?? null;
    const [saved] = await tx
      .update(products)
      .set({
        ...changes,
        image: merged.image,
        qrCode: input.qr_code ?? row.qrCode,
        searchText: searchTextOf(merged),
        nameSort: vietnameseSortKey(merged.name),
        version: row.version + 1,
      })
      .where(and(eq(products.id, row.id), eq(products.version, row.version)))
      .returning({ id: products.id });
    if (!saved) throw new AppError('CONFLICT', vi.errors.versionConflict);
    if (input.trackings) await replaceTrackings(tx, row.id, row.companyId, input.trackings);
  });
}

/** DELETE /products/{id}: its timeline and scan events go with it; its codes return to the company's unbound pool. */
export async function deleteProduct(deps: AppDeps, scope: CompanyScope, id: number) {
  const { products } = deps.db.tables;
  await requireProductInScope(deps.db, scope, id);
  await deps.db.delete(products).where(eq(products.id, id));
  return { id };
}
