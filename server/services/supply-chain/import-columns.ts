import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { MOVEMENT_IMPORT_COLUMNS } from '#shared/schemas/supply-chain.ts';
import { foldVietnamese } from '#shared/text.ts';

export type MovementColumn = (typeof MOVEMENT_IMPORT_COLUMNS)[number];
const m = vi.lots.import;

/** Headers as people write them: the column keys, or Vietnamese words, any case or tone marks. */
const HEADER_NAMES: Record<MovementColumn, string[]> = {
  lot: ['lot', 'ma lo', 'so lo', 'lo'],
  product: ['product', 'san pham', 'ten san pham', 'gtin'],
  partner: ['partner', 'doi tac', 'nha cung cap', 'khach hang', 'ma so thue', 'mst'],
  supplier_lot: ['supplier_lot', 'ma lo nha cung cap', 'lo nha cung cap', 'ma lo cua nha cung cap'],
  quantity: ['quantity', 'so luong'],
  unit: ['unit', 'don vi', 'don vi tinh', 'dvt'],
  date: ['date', 'ngay', 'ngay nhan', 'ngay giao', 'ngay xuat', 'ngay nhap'],
  document_type: ['document_type', 'loai chung tu'],
  document_number: ['document_number', 'so chung tu', 'so hoa don'],
};
const REQUIRED: MovementColumn[] = ['lot', 'partner', 'quantity', 'unit', 'date'];

/**
 * The column each position of a receipts or shipments file's header holds (null for a blank header). An
 * unknown header is refused by name, as is the supplier's lot code in a shipments file; the required ones
 * must be there. Checked on the parsing pool's thread as soon as the header is read, and again by the import.
 */
export function movementColumns(kind: 'receipt' | 'shipment', header: string[]): (MovementColumn | null)[] {
  const columns = header.map((h) => {
    const folded = foldVietnamese(h).trim().replace(/\s+/g, ' ');
    if (folded === '') return null;
    const column = (Object.keys(HEADER_NAMES) as MovementColumn[]).find((c) =>
      HEADER_NAMES[c].includes(folded),
    );
    return column === 'supplier_lot' && kind === 'shipment' ? undefined : column;
  });
  const unknown = header.find((_h, i) => columns[i] === undefined);
  if (unknown !== undefined) throw new AppError('BAD_REQUEST', m.unknownColumn(unknown));
  const missing = REQUIRED.find((c) => !columns.includes(c));
  if (missing) throw new AppError('BAD_REQUEST', m.missingColumn(missing));
  return columns as (MovementColumn | null)[];
}
