import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { IMPORT_COLUMNS, type ImportColumn } from '#shared/schemas/productImport.ts';
import { foldVietnamese } from '#shared/text.ts';

const m = vi.workspaceImport;

/** A header cell as compared: folded, without spaces, underscores or dashes ("Tên sản phẩm" -> "tensanpham"). */
const squash = (header: string) => foldVietnamese(header).replace(/[\s_*-]+/g, '');

/** Every spelling a header may have: the template's Vietnamese label and the API's field name. */
const ALIASES = new Map<string, ImportColumn>();
for (const column of IMPORT_COLUMNS) {
  ALIASES.set(squash(m.columns[column]), column);
  ALIASES.set(squash(column), column);
}
ALIASES.set(squash('qrcode'), 'qr_code');

/** Columns a file must have; the others may be left out. */
const REQUIRED: ImportColumn[] = ['name'];

/**
 * Which column each position of the header row holds (undefined for blank headers). An unknown
 * header is refused rather than ignored: a misspelt "Xuất xứ" would otherwise drop data silently.
 */
export function mapHeader(header: string[]): (ImportColumn | undefined)[] {
  const unknown: string[] = [];
  const mapped = header.map((cell) => {
    if (cell.trim() === '') return undefined;
    const column = ALIASES.get(squash(cell));
    if (!column) unknown.push(cell.trim());
    return column;
  });
  if (unknown.length) throw new AppError('BAD_REQUEST', m.unknownColumns(unknown.join(', ')));
  const missing = REQUIRED.filter((c) => !mapped.includes(c));
  if (missing.length) {
    throw new AppError('BAD_REQUEST', m.missingColumns(missing.map((c) => m.columns[c]).join(', ')));
  }
  return mapped;
}
