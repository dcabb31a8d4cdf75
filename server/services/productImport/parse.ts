import { AppError } from '#server/errors.ts';
import type { ParsePool } from '#server/services/parsing/parse-pool.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { IMPORT_MAX_ROWS, type ImportColumn } from '#shared/schemas/productImport.ts';
import { mapHeader } from './columns.ts';
import type { SheetRead } from './sheet-limits.ts';

const m = vi.workspaceImport;

/** One data row of the file: its spreadsheet row number and its cells by column, as trimmed text. */
export interface SheetRow {
  row: number;
  cells: Partial<Record<ImportColumn, string>>;
}

function toRows({ header, rows: data }: SheetRead): SheetRow[] {
  if (!header) throw new AppError('BAD_REQUEST', m.emptyFile);
  const columns = mapHeader(header);
  const rows: SheetRow[] = [];
  for (const { row: number, cells } of data) {
    const row: SheetRow = { row: number, cells: {} };
    let filled = false;
    cells.forEach((cell, c) => {
      const column = columns[c];
      const text = cell.trim();
      if (!column || text === '') return;
      row.cells[column] = text;
      filled = true;
    });
    // Blank lines (often left at the end of a sheet) are not rows.
    if (filled) rows.push(row);
  }
  if (rows.length === 0) throw new AppError('BAD_REQUEST', m.emptyFile);
  if (rows.length > IMPORT_MAX_ROWS) throw new AppError('BAD_REQUEST', m.tooManyRows(IMPORT_MAX_ROWS));
  return rows;
}

/**
 * The file's rows, from CSV (UTF-8) or XLSX, told apart by their bytes, never by the file's name: read
 * on the parsing pool's thread within the sheet limits (decision 175), the header checked there first.
 */
export async function parseImportFile(pool: ParsePool, bytes: Uint8Array): Promise<SheetRow[]> {
  return toRows(await pool.readSheet(bytes, IMPORT_MAX_ROWS, 'products'));
}
