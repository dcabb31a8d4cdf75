import { and, eq, inArray } from 'drizzle-orm';
import { chunked, LOOKUP_CHUNK } from '#server/db/chunks.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from '#server/services/actor.ts';
import { refuseFileWithErrors } from '#server/services/productImport/refuse.ts';
import { dateOf } from '#server/services/productImport/validate.ts';
import { type CompanyScope, pickCompany } from '#server/services/products/scope.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { IMPORT_ERRORS_MAX } from '#shared/schemas/productImport.ts';
import {
  createReceiptInput,
  createShipmentInput,
  MOVEMENT_IMPORT_MAX_ROWS,
  type MovementImportInput,
} from '#shared/schemas/supply-chain.ts';
import { DOCUMENT_TYPES, type DocumentType, partnerCan } from '#shared/supply-chain.ts';
import { foldVietnamese } from '#shared/text.ts';
import { unitOfText } from '#shared/units.ts';
import { type MovementColumn, movementColumns } from './import-columns.ts';
import type { MovementKind } from './movements.ts';

const m = vi.supplyChain;

/** A document type as a key (INVOICE) or its Vietnamese name (Hóa đơn), marks and case ignored. */
function documentTypeOf(text: string): DocumentType | null {
  const folded = foldVietnamese(text).replace(/[\s-]+/g, '_');
  return (
    DOCUMENT_TYPES.find(
      (t) =>
        t.toLowerCase() === folded || foldVietnamese(m.documents.types[t]).replace(/\s+/g, '_') === folded,
    ) ?? null
  );
}

interface ImportedMovement {
  row: number;
  lotId: number;
  lotCode: string;
  partnerId: number;
  partnerName: string;
  supplierLotCode: string | null;
  quantity: string;
  unit: string;
  date: string;
  documentType: DocumentType | null;
  documentNumber: string | null;
}

/**
 * POST /receipts/import and /shipments/import: a CSV or XLSX file of a company's receipts or shipments, read
 * by the budgeted parsing pool as the product and lot imports are (decision 176), every row checked with the
 * form's schema plus its lot (by code, and the product's name or GTIN when two products share the code), its
 * partner (by tax code or name, a supplier for receipts, a customer for shipments) and, for shipments, the
 * lot's hold. Any error: nothing is imported, each error as "Dòng N: ...". Otherwise every row in one
 * transaction. `dryRun` answers the preview.
 */
export async function importMovements(
  deps: AppDeps,
  scope: CompanyScope,
  actor: Actor,
  kind: MovementKind,
  input: MovementImportInput,
) {
  const { lotReceipts, lotShipments, lots, partners, products } = deps.db.tables;
  const companyId = pickCompany(scope, input.companyId);
  if (companyId === null)
    throw new AppError('BAD_REQUEST', m.partners.companyRequired, {
      fields: { companyId: m.partners.companyRequired },
    });
  const { header, rows: data } = await deps.parsePool.readSheet(
    input.bytes,
    MOVEMENT_IMPORT_MAX_ROWS,
    kind === 'receipt' ? 'receipts' : 'shipments',
  );
  if (!header) throw new AppError('BAD_REQUEST', vi.lots.import.empty);
  const columns = movementColumns(kind, header);

  const records = data.flatMap(({ row, cells }) => {
    const cell: Partial<Record<MovementColumn, string>> = {};
    columns.forEach((c, at) => {
      const text = (cells[at] ?? '').trim();
      if (c && text !== '') cell[c] = text;
    });
    return Object.keys(cell).length ? [{ row, cell }] : []; // blank lines are not rows
  });
  if (!records.length) throw new AppError('BAD_REQUEST', vi.lots.import.empty);

  // The company's lots of the codes the file names, with their products, and all its partners.
  const codes = [...new Set(records.map((r) => r.cell.lot).filter((c): c is string => !!c))];
  const lotRows: {
    id: number;
    code: string;
    productName: string;
    gtin: string | null;
    heldAt: Date | null;
    recalledAt: Date | null;
  }[] = [];
  for (const slice of chunked(codes, LOOKUP_CHUNK)) {
    lotRows.push(
      ...(await deps.db
        .select({
          id: lots.id,
          code: lots.code,
          productName: products.name,
          gtin: products.gtin,
          heldAt: lots.heldAt,
          recalledAt: lots.recalledAt,
        })
        .from(lots)
        .innerJoin(products, eq(products.id, lots.productId))
        .where(and(eq(lots.companyId, companyId), inArray(lots.code, slice)))),
    );
  }
  const partnerRows = await deps.db.select().from(partners).where(eq(partners.companyId, companyId));

  const errors: { row: number; field: string; message: string }[] = [];
  const accepted: ImportedMovement[] = [];
  const schema = kind === 'receipt' ? createReceiptInput : createShipmentInput;
  for (const { row, cell } of records) {
    const problems: { field: string; message: string }[] = [];
    const code = cell.lot ?? '';
    let candidates = lotRows.filter((l) => l.code === code);
    if (cell.product) {
      const wanted = foldVietnamese(cell.product);
      candidates = candidates.filter(
        (l) => foldVietnamese(l.productName) === wanted || l.gtin?.endsWith(cell.product as string) === true,
      );
    }
    const lot = candidates.length === 1 ? candidates[0] : undefined;
    if (!code) problems.push({ field: 'lot', message: vi.validation.required });
    else if (candidates.length === 0) problems.push({ field: 'lot', message: m.import.lotNotFound(code) });
    else if (candidates.length > 1) problems.push({ field: 'lot', message: m.import.lotAmbiguous(code) });
    else if (kind === 'shipment' && lot?.recalledAt)
      problems.push({ field: 'lot', message: m.shipments.recalled(code) });
    else if (kind === 'shipment' && lot?.heldAt)
      problems.push({ field: 'lot', message: m.shipments.onHold(code) });

    const who = cell.partner ?? '';
    const named = who
      ? partnerRows.filter((x) => x.taxCode === who).length
        ? partnerRows.filter((x) => x.taxCode === who)
        : partnerRows.filter((x) => foldVietnamese(x.name) === foldVietnamese(who))
      : [];
    const partner = named.length === 1 ? named[0] : undefined;
    if (!who) problems.push({ field: 'partner', message: vi.validation.required });
    else if (!named.length) problems.push({ field: 'partner', message: m.import.partnerNotFound(who) });
    else if (named.length > 1) problems.push({ field: 'partner', message: m.import.partnerAmbiguous(who) });
    else if (partner && !partnerCan(partner.kind, kind === 'receipt' ? 'SUPPLIER' : 'CUSTOMER'))
      problems.push({
        field: 'partner',
        message: kind === 'receipt' ? m.partners.notSupplier : m.partners.notCustomer,
      });

    const documentType = cell.document_type ? documentTypeOf(cell.document_type) : null;
    if (cell.document_type && !documentType)
      problems.push({ field: 'document_type', message: m.import.badDocumentType });
    const parsed = schema.safeParse({
      lotId: lot?.id ?? 1,
      partnerId: partner?.id ?? 1,
      quantity: cell.quantity ?? '',
      unit: unitOfText(cell.unit)?.code ?? cell.unit ?? '',
      date: dateOf(cell.date ?? ''),
      documentType,
      documentNumber: cell.document_number,
      ...(kind === 'receipt' ? { supplierLotCode: cell.supplier_lot } : {}),
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        const field =
          key === 'documentType'
            ? 'document_type'
            : key === 'supplierLotCode'
              ? 'supplier_lot'
              : key === 'documentNumber'
                ? 'document_number'
                : key;
        problems.push({ field, message: issue.message });
      }
    }
    for (const p of problems) errors.push({ row, ...p, message: vi.lots.import.row(row, p.message) });
    if (!problems.length && parsed.success && lot && partner) {
      accepted.push({
        row,
        lotId: lot.id,
        lotCode: lot.code,
        partnerId: partner.id,
        partnerName: partner.name,
        supplierLotCode: kind === 'receipt' ? (cell.supplier_lot ?? null) : null,
        quantity: parsed.data.quantity,
        unit: parsed.data.unit,
        date: parsed.data.date,
        documentType: parsed.data.documentType ?? null,
        documentNumber: parsed.data.documentNumber || null,
      });
    }
  }

  const result = {
    dryRun: input.dryRun,
    rowCount: records.length,
    rows: accepted.slice(0, 200),
    errorCount: errors.length,
    errors: errors.slice(0, IMPORT_ERRORS_MAX),
    imported: 0,
  };
  if (input.dryRun) return result;
  refuseFileWithErrors(errors, m.import.refused);
  await transaction(deps.db, async (tx) => {
    const values = accepted.map((a) => ({
      companyId,
      lotId: a.lotId,
      partnerId: a.partnerId,
      quantity: a.quantity,
      unit: a.unit,
      date: a.date,
      documentType: a.documentType,
      documentNumber: a.documentNumber,
      createdBy: actor.id,
    }));
    for (const [at, slice] of chunked(values, 200).entries()) {
      if (kind === 'receipt')
        await tx
          .insert(lotReceipts)
          .values(
            slice.map((v, i) => ({ ...v, supplierLotCode: accepted[at * 200 + i]?.supplierLotCode ?? null })),
          );
      else await tx.insert(lotShipments).values(slice);
    }
  });
  return { ...result, imported: accepted.length };
}
