import { eq } from 'drizzle-orm';
import { isUniqueViolation } from '#server/db/errors.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { refuseFileWithErrors } from '#server/services/productImport/refuse.ts';
import { requireProductInScope } from '#server/services/products/read.ts';
import type { CompanyScope } from '#server/services/products/scope.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import {
  createLotInput,
  EXPIRY_KINDS,
  LOT_IMPORT_MAX_ROWS,
  type LotImportInput,
} from '#shared/schemas/lots.ts';
import { IMPORT_ERRORS_MAX } from '#shared/schemas/productImport.ts';
import { type LotColumn, lotColumns } from './import-columns.ts';
import { insertLotRecord, type LotFields } from './save.ts';

const m = vi.lots.import;

export interface LotImportRow extends LotFields {
  row: number;
}

/**
 * POST /products/{id}/lots/import (decision 128): a CSV or XLSX file of one product's lots, checked
 * row by row (`dryRun`: the preview), then imported whole in one transaction or not at all: a file
 * with any error imports nothing and every error names its row and column in Vietnamese.
 */
export async function importLots(deps: AppDeps, scope: CompanyScope, input: LotImportInput) {
  const { lots } = deps.db.tables;
  const product = await requireProductInScope(deps.db, scope, input.productId);
  const { header, rows: data } = await deps.parsePool.readSheet(input.bytes, LOT_IMPORT_MAX_ROWS, 'lots');
  if (!header) throw new AppError('BAD_REQUEST', m.empty);
  const columns = lotColumns(header);

  const errors: { row: number; field: string; message: string }[] = [];
  const rows: LotImportRow[] = [];
  const existing = new Set(
    (await deps.db.select({ code: lots.code }).from(lots).where(eq(lots.productId, product.id))).map(
      (r) => r.code,
    ),
  );
  const seen = new Set<string>();
  for (const { row, cells } of data) {
    const cell: Partial<Record<LotColumn, string>> = {};
    columns.forEach((c, at) => {
      const text = (cells[at] ?? '').trim();
      if (c && text !== '') cell[c] = text;
    });
    if (Object.keys(cell).length === 0) continue; // blank lines are not rows
    const problems: { field: string; message: string }[] = [];
    let quantity: number | null = null;
    if (cell.quantity !== undefined) {
      quantity = Number(cell.quantity.replace(',', '.'));
      if (!Number.isFinite(quantity) || quantity < 0)
        problems.push({ field: 'quantity', message: m.badQuantity });
    }
    const kind = cell.expiry_kind?.toUpperCase();
    if (kind !== undefined && !(EXPIRY_KINDS as readonly string[]).includes(kind)) {
      problems.push({ field: 'expiry_kind', message: m.badExpiryKind });
    }
    const parsed = createLotInput.safeParse({
      productId: product.id,
      code: cell.code ?? '',
      productionDate: cell.production_date ?? null,
      expiryDate: cell.expiry_date ?? null,
      unit: cell.unit,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        const field =
          key === 'productionDate' ? 'production_date' : key === 'expiryDate' ? 'expiry_date' : key;
        problems.push({ field, message: issue.message });
      }
    } else if (seen.has(parsed.data.code)) {
      problems.push({ field: 'code', message: m.duplicateInFile(parsed.data.code) });
    } else if (existing.has(parsed.data.code)) {
      problems.push({ field: 'code', message: vi.lots.codeTaken });
    }
    if (parsed.success) seen.add(parsed.data.code);
    for (const p of problems) errors.push({ row, ...p, message: m.row(row, p.message) });
    if (!problems.length && parsed.success) {
      rows.push({
        row,
        code: parsed.data.code,
        productionDate: parsed.data.productionDate ?? null,
        expiryDate: parsed.data.expiryDate ?? null,
        expiryKind: (kind as LotFields['expiryKind']) ?? 'EXPIRY',
        quantity,
        unit: parsed.data.unit || null,
      });
    }
  }
  if (rows.length === 0 && errors.length === 0) throw new AppError('BAD_REQUEST', m.empty);

  const result = {
    dryRun: input.dryRun,
    lotCount: rows.length + new Set(errors.map((e) => e.row)).size,
    lots: rows.slice(0, 200),
    errorCount: errors.length,
    errors: errors.slice(0, IMPORT_ERRORS_MAX),
    imported: 0,
  };
  if (input.dryRun) return result;
  refuseFileWithErrors(errors, m.refused);
  try {
    await transaction(deps.db, async (tx) => {
      for (const lot of rows) await insertLotRecord(tx, product.companyId, product.id, lot);
    });
  } catch (err) {
    // A lot of the same code saved since the check above: still nothing of the file is imported.
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', vi.lots.codeTaken);
    throw err;
  }
  return { ...result, imported: rows.length };
}
