import { vi } from '#shared/i18n/vi/index.ts';
import {
  IMPORT_COLUMNS,
  type ImportColumn,
  type ImportTemplateFormat,
} from '#shared/schemas/productImport.ts';

const m = vi.workspaceImport;
const e = m.example;

/** Two example products: one with a three-step timeline (rows grouped by key), one with a single step. */
function exampleRows(): Partial<Record<ImportColumn, string>>[] {
  const coffee = {
    key: 'SP01',
    name: e.coffee,
    status: 'Đang hoạt động',
    category: e.coffeeCategory,
    unit: e.coffeeUnit,
    tags: e.coffeeTags,
    origin: e.coffeeOrigin,
  };
  const dates = ['2024-11-05', '2024-11-20', '2024-11-22'];
  return [
    ...e.steps.map((step, i) => ({ ...(i === 0 ? coffee : { key: 'SP01' }), ...step, date: dates[i] })),
    {
      key: 'SP02',
      name: e.rice,
      status: 'Ngừng hoạt động',
      category: e.riceCategory,
      unit: e.riceUnit,
      origin: e.riceOrigin,
      ...e.riceStep,
      date: '15/03/2025',
    },
  ];
}

const headers = () => IMPORT_COLUMNS.map((c) => m.columns[c]);

/** The CSV template: UTF-8 with a BOM, so Excel shows the Vietnamese marks right when it opens it. */
async function csvTemplate(): Promise<Uint8Array> {
  // Loaded on first use, like exceljs below: both are heavy and most runs never need them.
  const { default: Papa } = await import('papaparse');
  const rows = exampleRows().map((r) => IMPORT_COLUMNS.map((c) => r[c] ?? ''));
  const text = `\uFEFF${Papa.unparse([headers(), ...rows])}\r\n`;
  return new TextEncoder().encode(text);
}

async function xlsxTemplate(): Promise<Uint8Array> {
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(m.sheetName);
  sheet.columns = IMPORT_COLUMNS.map((c) => ({
    header: m.columns[c],
    key: c,
    width: c === 'name' || c === 'description' || c === 'origin' ? 28 : 16,
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  for (const row of exampleRows()) sheet.addRow(row);
  const guide = book.addWorksheet(m.guideSheetName);
  guide.getColumn(1).width = 110;
  for (const line of m.guide) guide.addRow([line]);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

export const TEMPLATE_TYPES: Record<ImportTemplateFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** The downloadable template, in the format asked for. */
export async function importTemplate(format: ImportTemplateFormat): Promise<Uint8Array> {
  return format === 'csv' ? csvTemplate() : xlsxTemplate();
}
