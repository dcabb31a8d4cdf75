/**
 * Reading an import's XLSX file: ExcelJS's whole-workbook reader (what the imports used before decision
 * 176) against the streaming reader, on this thread, for valid files of 30,000 and 100,000 rows (12
 * columns) and for the attacks the reader refuses (1M numeric cells, one merged range A2:Z40000).
 * Prints ms and the heap growth of each (median of 3).
 *
 *   npx tsx bench/sheet-read.ts
 */
import ExcelJS from 'exceljs';
import { vi } from '#shared/i18n/vi/index.ts';
import { sheetLimits } from '#server/services/productImport/sheet-limits.ts';
import { readXlsxSheet } from '#server/services/productImport/xlsx-stream.ts';
import { IMPORT_MAX_ROWS } from '#shared/schemas/productImport.ts';
import { mergedRangeXlsx, numericCellsXlsx } from '#tests/server/security/hostile-sheets.ts';
import { machine, median } from './lib/machine.ts';

async function validBook(rows: number): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sản phẩm');
  // The import's own column names (the template's first twelve), not a copy of them.
  const columns = [
    'key',
    'name',
    'status',
    'category',
    'unit',
    'tags',
    'origin',
    'qr_code',
    'activity',
    'location',
    'date',
    'description',
  ] as const;
  sheet.addRow(columns.map((c) => vi.workspaceImport.columns[c]));
  for (let i = 1; i <= rows; i++) {
    sheet.addRow([
      `SP${Math.ceil(i / 3)}`,
      `Cà phê lô ${i}`,
      'Đang hoạt động',
      'Cà phê',
      'Gói',
      'hữu cơ',
      'Lâm Đồng',
      '',
      'Thu hoạch',
      'Cầu Đất',
      new Date(Date.UTC(2025, 0, 1 + (i % 300))),
      'Hái chín',
    ]);
  }
  return new Uint8Array(await book.xlsx.writeBuffer());
}

async function measure(
  run: () => Promise<unknown>,
): Promise<{ ms: number; heapMb: number; outcome: string }> {
  const ms: number[] = [];
  const heap: number[] = [];
  let outcome = '';
  for (let i = 0; i < 3; i++) {
    globalThis.gc?.();
    const before = process.memoryUsage().heapUsed;
    const started = performance.now();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 5);
    try {
      await run();
      outcome = 'read';
    } catch (err) {
      outcome = `refused: ${(err as Error).message.slice(0, 40)}`;
    }
    clearInterval(sampler);
    ms.push(performance.now() - started);
    heap.push((Math.max(peak, process.memoryUsage().heapUsed) - before) / 1024 / 1024);
  }
  return { ms: median(ms), heapMb: median(heap), outcome };
}

console.log(machine());
const files: [string, Uint8Array][] = [
  ['30,000 rows x 12 columns (10,000 products)', await validBook(30_000)],
  ['100,000 rows x 12 columns (the row limit)', await validBook(100_000)],
  ['1M numeric cells (1,000 x 1,000)', await numericCellsXlsx(1000, 1000)],
  ['one merged range A2:Z40000', await mergedRangeXlsx('Tên sản phẩm', 'A2:Z40000')],
];
for (const [name, bytes] of files) {
  const streamed = await measure(() => readXlsxSheet(bytes, sheetLimits(IMPORT_MAX_ROWS)));
  const whole = await measure(async () => {
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(bytes) as never);
  });
  console.log(
    `${name} (${(bytes.byteLength / 1024).toFixed(0)} kB): streaming ${streamed.ms.toFixed(0)} ms, heap +${streamed.heapMb.toFixed(0)} MB, ${streamed.outcome}; ExcelJS ${whole.ms.toFixed(0)} ms, heap +${whole.heapMb.toFixed(0)} MB`,
  );
}
