import type ExcelJS from 'exceljs';
import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { IMPORT_MAX_ROWS, type ImportColumn } from '#shared/schemas/productImport.ts';
import { mapHeader } from './columns.ts';
import { checkZipBounds } from './zip-check.ts';

const m = vi.workspaceImport;

/** One data row of the file: its spreadsheet row number and its cells by column, as trimmed text. */
export interface SheetRow {
  row: number;
  cells: Partial<Record<ImportColumn, string>>;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const isZip = (bytes: Uint8Array) => ZIP_MAGIC.every((b, i) => bytes[i] === b);

/** Excel dates become calendar dates (the timeline's format); the day is read in UTC, as Excel stores it. */
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The text of an Excel cell, whatever kind of value it holds. */
function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return isoDay(value);
  if (typeof value !== 'object') return String(value);
  if ('richText' in value) return value.richText.map((r) => r.text).join('');
  if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
  if ('text' in value) return String(value.text);
  return '';
}

function toRows(grid: string[][], firstRow: number): SheetRow[] {
  const [header, ...data] = grid;
  if (!header) throw new AppError('BAD_REQUEST', m.emptyFile);
  const columns = mapHeader(header);
  const rows: SheetRow[] = [];
  data.forEach((cells, i) => {
    const row: SheetRow = { row: firstRow + 1 + i, cells: {} };
    let filled = false;
    cells.forEach((cell, c) => {
      const column = columns[c];
      const text = (cell ?? '').trim();
      if (!column || text === '') return;
      row.cells[column] = text;
      filled = true;
    });
    // Blank lines (often left at the end of a sheet) are not rows.
    if (filled) rows.push(row);
  });
  if (rows.length === 0) throw new AppError('BAD_REQUEST', m.emptyFile);
  if (rows.length > IMPORT_MAX_ROWS) throw new AppError('BAD_REQUEST', m.tooManyRows(IMPORT_MAX_ROWS));
  return rows;
}

/** A sheet's cells as text, and the sheet row number of its first line (the header). */
export interface Sheet {
  grid: string[][];
  firstRow: number;
}

async function readCsv(bytes: Uint8Array): Promise<Sheet> {
  // A NUL byte means a binary file (a picture, an old .xls), not text.
  if (bytes.includes(0)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', m.notSpreadsheet);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new AppError('BAD_REQUEST', m.notUtf8);
  }
  // Loaded on first use (like exceljs below): it is not needed to start the server.
  const { default: Papa } = await import('papaparse');
  // Papa guesses the delimiter: Excel writes ';' in locales where ',' is the decimal mark.
  const parsed = Papa.parse<string[]>(text, { skipEmptyLines: 'greedy' });
  return { grid: parsed.data, firstRow: 1 };
}

async function readXlsx(bytes: Uint8Array, maxRows: number): Promise<Sheet> {
  await checkZipBounds(bytes);
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  try {
    await book.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as never);
  } catch {
    throw new AppError('BAD_REQUEST', m.unreadable);
  }
  const sheet = book.worksheets[0];
  if (!sheet) throw new AppError('BAD_REQUEST', m.emptyFile);
  if (sheet.actualRowCount > maxRows + 1) {
    throw new AppError('BAD_REQUEST', m.tooManyRows(maxRows));
  }
  // Rows keep their sheet numbers (a blank row in the middle does not shift the later ones).
  const grid: string[][] = [];
  let firstRow = 0;
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    if (!firstRow) firstRow = number;
    const values = row.values as ExcelJS.CellValue[];
    // row.values is 1-based: index 0 is always empty.
    grid.push(values.slice(1).map(cellText));
  });
  return { grid, firstRow: firstRow || 1 };
}

/** The file's rows, from CSV (UTF-8) or XLSX, told apart by their bytes, never by the file's name. */
export async function parseImportFile(bytes: Uint8Array): Promise<SheetRow[]> {
  const { grid, firstRow } = await readSheet(bytes, IMPORT_MAX_ROWS);
  return toRows(grid, firstRow);
}

/**
 * The first sheet of a CSV (UTF-8) or XLSX file as text cells, told apart by their bytes: the product
 * import and the lots import (decision 128) read files the same way.
 */
export async function readSheet(bytes: Uint8Array, maxRows: number): Promise<Sheet> {
  if (bytes.byteLength === 0) throw new AppError('BAD_REQUEST', m.emptyFile);
  return isZip(bytes) ? readXlsx(bytes, maxRows) : readCsv(bytes);
}
