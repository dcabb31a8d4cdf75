import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { LOT_IMPORT_COLUMNS } from '#shared/schemas/lots.ts';
import { foldVietnamese } from '#shared/text.ts';

export type LotColumn = (typeof LOT_IMPORT_COLUMNS)[number];
const m = vi.lots.import;

/** Headers as people write them: the column keys, or the workspace's Vietnamese labels, any case or tone marks. */
const HEADER_NAMES: Record<LotColumn, string[]> = {
  code: ['code', 'ma lo', 'lot', 'so lo'],
  production_date: ['production_date', 'ngay san xuat', 'nsx'],
  expiry_date: ['expiry_date', 'han dung', 'han su dung', 'hsd'],
  expiry_kind: ['expiry_kind', 'loai han dung'],
  quantity: ['quantity', 'so luong'],
  unit: ['unit', 'don vi'],
};

function columnOf(header: string): LotColumn | null | undefined {
  const folded = foldVietnamese(header).trim().replace(/\s+/g, ' ');
  if (folded === '') return null;
  return (Object.keys(HEADER_NAMES) as LotColumn[]).find((c) => HEADER_NAMES[c].includes(folded));
}

/**
 * The column each position of a lots file's header holds (null for a blank header). An unknown header
 * is refused rather than ignored, and the lot code must be there. Checked on the parsing pool's thread
 * as soon as the header is read, and again by the import.
 */
export function lotColumns(header: string[]): (LotColumn | null)[] {
  const columns = header.map((h) => columnOf(h));
  const unknown = header.find((_h, i) => columns[i] === undefined);
  if (unknown !== undefined) throw new AppError('BAD_REQUEST', m.unknownColumn(unknown));
  if (!columns.includes('code')) throw new AppError('BAD_REQUEST', m.missingColumn('code'));
  return columns as (LotColumn | null)[];
}
