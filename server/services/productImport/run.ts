import { and, count, eq, inArray } from 'drizzle-orm';
import { chunked, LOOKUP_CHUNK } from '#server/db/chunks.ts';
import type { Executor } from '#server/db/client.ts';
import { isUniqueViolation } from '#server/db/errors.ts';
import type { TermKind } from '#server/db/schema/index.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/services/actor.ts';
import { insertProductRecords } from '#server/services/products/records.ts';
import { type CompanyScope, pickCompany } from '#server/services/products/scope.ts';
import { assertCodesFree, freeCodes } from '#server/services/shortLinks/availability.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { TERM_MAX_COUNT } from '#shared/schemas/companies.ts';
import {
  IMPORT_ERRORS_MAX,
  IMPORT_MAX_PRODUCTS,
  IMPORT_PREVIEW_MAX,
  type ImportRowError,
  type ProductImportInput,
  type ProductImportResult,
} from '#shared/schemas/productImport.ts';
import { parseImportFile } from './parse.ts';
import { refuseFileWithErrors } from './refuse.ts';
import { type ImportProduct, validateRows } from './validate.ts';

const m = vi.workspaceImport;
const TERM_NAMES: Record<TermKind, string> = { category: 'danh mục', unit: 'đơn vị', tag: 'thẻ' };

/** QR codes given in the file: each once in the file, and free for this company (an unbound code of its own is). */
async function checkCodes(
  db: Executor,
  companyId: number,
  products: ImportProduct[],
  errors: ImportRowError[],
) {
  const seen = new Map<string, number>();
  const firsts: { row: number; code: string }[] = [];
  for (const p of products) {
    const code = p.input.qr_code;
    if (!code) continue;
    const earlier = seen.get(code);
    if (earlier !== undefined) {
      errors.push({ row: p.row, field: 'qr_code', message: m.duplicateQrCode(earlier) });
    } else {
      seen.set(code, p.row);
      firsts.push({ row: p.row, code });
    }
  }
  const free = await freeCodes(
    db,
    firsts.map((f) => f.code),
    companyId,
  );
  for (const { row, code } of firsts) {
    if (!free.has(code)) errors.push({ row, field: 'qr_code', message: vi.errors.qrCodeTaken });
  }
}

/** GTINs given in the file: each once in the file and not yet any product's (decision 125: one GTIN, one product). */
async function checkGtins(db: Executor, products: ImportProduct[], errors: ImportRowError[]) {
  const { products: productsTable } = db.tables;
  const seen = new Map<string, number>();
  const firsts: { row: number; gtin: string }[] = [];
  for (const p of products) {
    const gtin = p.input.gtin;
    if (!gtin) continue;
    const earlier = seen.get(gtin);
    if (earlier !== undefined) {
      errors.push({ row: p.row, field: 'gtin', message: m.duplicateGtin(earlier) });
    } else {
      seen.set(gtin, p.row);
      firsts.push({ row: p.row, gtin });
    }
  }
  const taken = new Set<string>();
  for (const chunk of chunked(
    firsts.map((f) => f.gtin),
    LOOKUP_CHUNK,
  )) {
    const held = await db
      .select({ gtin: productsTable.gtin })
      .from(productsTable)
      .where(inArray(productsTable.gtin, chunk));
    for (const { gtin } of held) if (gtin) taken.add(gtin);
  }
  for (const { row, gtin } of firsts) {
    if (taken.has(gtin)) errors.push({ row, field: 'gtin', message: vi.lots.gtinTaken });
  }
}

/** The categories, units and tags the file uses, by kind. */
function termsOf(products: ImportProduct[]): Record<TermKind, Set<string>> {
  const terms = { category: new Set<string>(), unit: new Set<string>(), tag: new Set<string>() };
  for (const { input } of products) {
    if (input.category) terms.category.add(input.category);
    if (input.unit) terms.unit.add(input.unit);
    for (const tag of input.tags ?? []) terms.tag.add(tag);
  }
  return terms;
}

/**
 * Adds the file's new categories, units and tags to the company's lists, so the product form offers
 * them; refused (with the whole import) when a list would pass its limit.
 */
async function addTerms(tx: Executor, companyId: number, terms: Record<TermKind, Set<string>>) {
  const { companyTerms } = tx.tables;
  for (const kind of Object.keys(terms) as TermKind[]) {
    const values = terms[kind];
    if (!values.size) continue;
    const scope = and(eq(companyTerms.companyId, companyId), eq(companyTerms.kind, kind));
    const existing = new Set(
      (await tx.select({ value: companyTerms.value }).from(companyTerms).where(scope)).map((r) => r.value),
    );
    const added = [...values].filter((v) => !existing.has(v));
    if (!added.length) continue;
    const [counted] = await tx.select({ n: count() }).from(companyTerms).where(scope);
    const held = counted?.n ?? 0;
    if (held + added.length > TERM_MAX_COUNT) {
      throw new AppError('BAD_REQUEST', m.tooManyTerms(TERM_NAMES[kind], TERM_MAX_COUNT));
    }
    await tx.insert(companyTerms).values(added.map((value) => ({ companyId, kind, value })));
  }
}

const preview = (p: ImportProduct) => ({
  row: p.row,
  name: p.input.name,
  status: p.input.status ?? 'INACTIVE',
  category: p.input.category || null,
  unit: p.input.unit || null,
  tags: p.input.tags ?? [],
  origin: p.input.origin || null,
  qr_code: p.input.qr_code ?? null,
  trackings: (p.input.trackings ?? []).map((t) => ({
    activity: t.activity,
    location: t.location ?? '',
    date: t.date,
    description: t.description ?? '',
  })),
});

/**
 * POST /products/import: checks the whole file (dry run: the preview and every row error), or imports
 * it in ONE transaction: every product with its code and timeline, or nothing at all. A file with any
 * error imports nothing (400 naming the rows); so does any failure during the writes.
 */
export async function importProducts(
  deps: AppDeps,
  scope: CompanyScope,
  actor: Actor,
  input: ProductImportInput,
): Promise<ProductImportResult> {
  const companyId = pickCompany(scope, input.companyId);
  if (companyId === null) {
    throw new AppError('BAD_REQUEST', vi.products.companyRequired, {
      fields: { companyId: vi.validation.required },
    });
  }
  const rows = await parseImportFile(deps.parsePool, input.bytes);
  const { products, errors } = validateRows(rows);
  if (products.length > IMPORT_MAX_PRODUCTS) {
    throw new AppError('BAD_REQUEST', m.tooManyProducts(IMPORT_MAX_PRODUCTS));
  }
  await checkCodes(deps.db, companyId, products, errors);
  await checkGtins(deps.db, products, errors);
  errors.sort((a, b) => a.row - b.row);
  const result: ProductImportResult = {
    dryRun: input.dryRun,
    productCount: products.length,
    stepCount: products.reduce((n, p) => n + p.stepRows.length, 0),
    products: products.slice(0, IMPORT_PREVIEW_MAX).map(preview),
    errorCount: errors.length,
    errors: errors.slice(0, IMPORT_ERRORS_MAX),
    imported: 0,
  };
  if (input.dryRun) return result;
  refuseFileWithErrors(errors, m.refused);

  try {
    await transaction(deps.db, async (tx) => {
      await addTerms(tx, companyId, termsOf(products));
      // Checked again inside the transaction: nothing may have taken a code since the check above.
      await assertCodesFree(
        tx,
        products.flatMap(({ input: p }) => (p.qr_code ? [p.qr_code] : [])),
        companyId,
      );
      await insertProductRecords(
        tx,
        companyId,
        products.map(({ input: p, translations }) => ({
          fields: {
            name: p.name,
            status: p.status,
            category: p.category || null,
            unit: p.unit || null,
            tags: p.tags,
            origin: p.origin || null,
            gtin: p.gtin || null,
            brand: p.brand || null,
            standards: p.standards || null,
            shelfLife: p.shelf_life || null,
          },
          translations,
          trackings: p.trackings ?? [],
          qrCode: p.qr_code,
        })),
        actor.id,
      );
    });
  } catch (err) {
    // A GTIN saved by someone else since the check above: still nothing of the file is imported.
    if (isUniqueViolation(err, /products[._]gtin/)) {
      throw new AppError('CONFLICT', vi.lots.gtinTaken);
    }
    throw err;
  }
  return { ...result, imported: products.length };
}
