import { count, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import type { AppDeps } from '#server/deps.ts';
import type { TestApi } from '#tests/helpers/http.ts';

export const HEADER = [
  'Mã nhóm',
  'Tên sản phẩm',
  'Trạng thái',
  'Danh mục',
  'Đơn vị',
  'Thẻ',
  'Xuất xứ',
  'Mã QR',
  'Hoạt động',
  'Địa điểm',
  'Ngày',
  'Mô tả',
];

/** A CSV file (UTF-8) of the header and `rows`. */
export const csv = (rows: string[][], header = HEADER) =>
  new TextEncoder().encode(Papa.unparse([header, ...rows]));

/** An XLSX file with one sheet of the header and `rows` (cells may be Dates). */
export async function xlsx(rows: (string | Date | number)[][], header = HEADER): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Sản phẩm');
  sheet.addRow(header);
  for (const r of rows) sheet.addRow(r);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** POST /products/import with the file and the form fields. */
export function postImport(
  api: TestApi,
  bytes: Uint8Array,
  {
    token,
    dryRun,
    companyId,
    filename = 'san-pham.csv',
  }: {
    token?: string;
    dryRun?: string;
    companyId?: number;
    filename?: string;
  } = {},
) {
  const form = new FormData();
  form.append('file', new Blob([bytes as Uint8Array<ArrayBuffer>]), filename);
  if (dryRun !== undefined) form.append('dryRun', dryRun);
  if (companyId !== undefined) form.append('companyId', String(companyId));
  return api.call('POST', '/products/import', { raw: form, token });
}

/** How many products, timeline steps and short links a company has (all companies when undefined). */
export async function counts(deps: AppDeps, companyId?: number) {
  const { products, shortLinks, trackingEntries } = deps.db.tables;
  const n = async (table: typeof products | typeof trackingEntries | typeof shortLinks) => {
    const [row] = await deps.db
      .select({ n: count() })
      .from(table)
      .where(companyId === undefined ? undefined : eq(table.companyId, companyId));
    return row?.n ?? 0;
  };
  return { products: await n(products), steps: await n(trackingEntries), codes: await n(shortLinks) };
}

/** A coffee with a three-step timeline (grouped by key) and a rice with one step, no key. */
export const GOOD_ROWS = [
  [
    'SP01',
    'Cà phê Arabica',
    'Đang hoạt động',
    'Cà phê',
    'Gói',
    'hữu cơ; rang xay',
    'Lâm Đồng',
    '',
    'Thu hoạch',
    'Cầu Đất',
    '2024-11-05',
    'Hái chín',
  ],
  ['SP01', '', '', '', '', '', '', '', 'Rang', 'Đà Lạt', '20/11/2024', ''],
  ['SP01', 'Cà phê Arabica', '', '', '', '', '', '', 'Đóng gói', 'Đà Lạt', '2024-11-22', 'Túi 500g'],
  [
    '',
    'Gạo ST25',
    'Ngừng hoạt động',
    'Gạo',
    'Túi 5kg',
    '',
    'Sóc Trăng',
    '',
    'Thu hoạch',
    'Mỹ Xuyên',
    '2025-03-15',
    '',
  ],
];
