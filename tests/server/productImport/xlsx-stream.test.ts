import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { AppError } from '#server/errors.ts';
import {
  type SheetLimits,
  type SheetRead,
  sheetLimits,
} from '#server/services/productImport/sheet-limits.ts';
import { readXlsxSheet } from '#server/services/productImport/xlsx-stream.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { mergedRangeXlsx } from '#tests/server/security/hostile-sheets.ts';

/**
 * The streaming XLSX reader against ExcelJS's whole-workbook reader, which the imports used before
 * (decision 175): on every kind of cell a spreadsheet holds, both give the same header and rows.
 */

/** What the imports made of ExcelJS's reading: row 1 the header, every row by number, cells as text. */
async function excelJsReading(bytes: Uint8Array): Promise<SheetRead> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.from(bytes) as never);
  const sheet = book.worksheets[0];
  const text = (value: ExcelJS.CellValue): string => {
    if (value === null || value === undefined) return '';
    if (value instanceof Date) return value.toISOString().slice(0, 10);
    if (typeof value !== 'object') return String(value);
    if ('richText' in value) return value.richText.map((r) => r.text).join('');
    if ('result' in value) return text(value.result as ExcelJS.CellValue);
    if ('text' in value) return String(value.text);
    return '';
  };
  const grid: { row: number; cells: string[] }[] = [];
  sheet?.eachRow({ includeEmpty: true }, (row, number) => {
    const values = row.values as ExcelJS.CellValue[];
    grid.push({ row: number, cells: Array.from(values.slice(1), (v) => text(v)) });
  });
  const header = grid[0]?.cells;
  if (!header) return { header: undefined, rows: [] };
  while (header.length && header.at(-1) === '') header.pop();
  const rows = grid
    .slice(1)
    .map(({ row, cells }) => ({
      row,
      cells: Array.from({ length: header.length }, (_, i) => cells[i] ?? ''),
    }))
    .filter(({ cells }) => cells.some((c) => c.trim() !== ''));
  return { header, rows };
}

async function bookBytes(fill: (book: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  fill(book);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** Rewrites entries of an XLSX (a hand-made file: what other spreadsheet programs write). */
async function patched(bytes: Uint8Array, edits: Record<string, (xml: string) => string>) {
  const zip = await JSZip.loadAsync(bytes);
  for (const [name, edit] of Object.entries(edits)) {
    zip.file(name, edit(await zip.file(name)!.async('string')));
  }
  return new Uint8Array(await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' }));
}

const LIMITS: SheetLimits = sheetLimits(1000);

async function expectSameAsExcelJs(bytes: Uint8Array) {
  const streamed = await readXlsxSheet(bytes, LIMITS);
  const whole = await excelJsReading(bytes);
  expect(streamed.header).toEqual(whole.header);
  expect(streamed.rows).toEqual(whole.rows);
  return streamed;
}

describe('[productImport] streaming XLSX reader', () => {
  it('reads strings, numbers, dates, booleans, formulas, rich text, hyperlinks and errors as ExcelJS did', async () => {
    const bytes = await bookBytes((book) => {
      const sheet = book.addWorksheet('Sản phẩm');
      sheet.addRow(['Tên sản phẩm', 'Số', 'Ngày', 'Có', 'Công thức', 'Ghi chú']);
      sheet.addRow([
        'Cà phê',
        12,
        new Date(Date.UTC(2024, 10, 5)),
        true,
        { formula: 'B2*2', result: 24 },
        '  cách  ',
      ]);
      sheet.addRow([
        'Gạo',
        -1.5,
        new Date(Date.UTC(1999, 0, 1, 13, 30)),
        false,
        { formula: 'A3&"x"', result: 'Gạox' },
      ]);
      sheet.addRow([
        { richText: [{ text: 'Trà ' }, { text: 'Shan', font: { bold: true } }] },
        1e21,
        { formula: 'TODAY()', result: new Date(Date.UTC(2025, 2, 15)) },
        { formula: 'TRUE()', result: true },
        { formula: '1/0', result: { error: '#DIV/0!' } },
        { text: 'trang', hyperlink: 'https://example.vn' },
      ]);
      sheet.addRow(['Không kết quả', 0.1 + 0.2, '', '', { formula: 'NOW()' }]);
      sheet.addRow([]);
      sheet.addRow(['Sau dòng trống', 'A&B <c> "d"', 'dòng\nmới']);
      const custom = sheet.getCell('C8');
      custom.value = 45000;
      custom.numFmt = 'dd/mm/yyyy';
      sheet.getCell('A8').value = 'Ngày tự định dạng';
      const money = sheet.getCell('B8');
      money.value = 1234.5;
      money.numFmt = '#,##0.00 "đ"';
    });
    const read = await expectSameAsExcelJs(bytes);
    expect(read.rows.find((r) => r.row === 8)?.cells.slice(0, 3)).toEqual([
      'Ngày tự định dạng',
      '1234.5',
      '2023-03-15',
    ]);
  });

  it('gives a merged range its first cell in every cell, header merges included', async () => {
    const bytes = await bookBytes((book) => {
      const sheet = book.addWorksheet('Lô');
      sheet.addRow(['Mã lô', 'Ngày', '', 'Số lượng']);
      sheet.mergeCells('B1:C1');
      sheet.addRow(['L1', '2024-01-01', 'x', 5]);
      sheet.addRow(['', '2024-01-02', '', 6]);
      sheet.mergeCells('A2:A4');
      sheet.getCell('D6').value = 'cuối';
      sheet.mergeCells('B6:C7');
    });
    await expectSameAsExcelJs(bytes);
  });

  it('reads the first sheet of the workbook order (a hidden one too), shared and inline strings, and 1904 dates', async () => {
    const bytes = await bookBytes((book) => {
      book.properties.date1904 = true;
      const first = book.addWorksheet('Ẩn', { state: 'hidden' });
      first.addRow(['Tên sản phẩm', 'Ngày']);
      first.addRow(['Mật ong', new Date(Date.UTC(2024, 4, 20))]);
      book.addWorksheet('Thứ hai').addRow(['không đọc']);
    });
    await expectSameAsExcelJs(bytes);
    // Another program writes inline strings and Excel's _xHHHH_ escapes in shared strings.
    const inline = await patched(bytes, {
      'xl/worksheets/sheet1.xml': (xml) =>
        xml.replace(
          /<c r="A2"([^>]*) t="s"><v>\d+<\/v><\/c>/,
          '<c r="A2"$1 t="inlineStr"><is><t>Mật ong rừng</t></is></c>',
        ),
      'xl/sharedStrings.xml': (xml) => xml.replace('Tên sản phẩm', 'Tên_x0020_sản phẩm'),
    });
    const read = await expectSameAsExcelJs(inline);
    expect(read.header?.[0]).toBe('Tên sản phẩm');
    expect(read.rows[0]?.cells[0]).toBe('Mật ong rừng');
  });

  it('refuses a value past column 64, merged ranges past one cell a row, and rows past the limit, at the first one seen', async () => {
    const wide = await bookBytes((book) => {
      const sheet = book.addWorksheet('Rộng');
      sheet.addRow(Array.from({ length: 70 }, (_, i) => i));
    });
    await expect(readXlsxSheet(wide, LIMITS)).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: vi.workspaceImport.tooManyColumns(64),
    });
    const merged = await mergedRangeXlsx('Tên sản phẩm', 'A2:Z40000');
    for (const rows of [100_000, 5_000]) {
      await expect(readXlsxSheet(merged, sheetLimits(rows))).rejects.toMatchObject({
        code: 'PAYLOAD_TOO_LARGE',
        message: vi.workspaceImport.tooManyMergedCells(rows + 1),
      });
    }
    const long = await bookBytes((book) => {
      const sheet = book.addWorksheet('Dài');
      for (let i = 0; i < 1100; i++) sheet.addRow([i]);
    });
    await expect(readXlsxSheet(long, LIMITS)).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: vi.workspaceImport.tooManyRows(1000),
    });
  });

  it('checks the header as soon as row 1 is read', async () => {
    const bytes = await bookBytes((book) => {
      const sheet = book.addWorksheet('Số');
      for (let i = 0; i < 50; i++) sheet.addRow([i, i + 1]);
    });
    const seen: string[][] = [];
    await expect(
      readXlsxSheet(bytes, {
        ...LIMITS,
        checkHeader: (header) => {
          seen.push(header);
          throw new AppError('BAD_REQUEST', 'tiêu đề sai');
        },
      }),
    ).rejects.toMatchObject({ message: 'tiêu đề sai' });
    expect(seen).toEqual([['0', '1']]);
  });
});
