import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { SheetLimits, SheetRead } from './sheet-limits.ts';

const m = vi.workspaceImport;

/**
 * A CSV file (UTF-8) read record by record (Papa Parse's step mode), stopping at the first record past
 * the limits (decision 175). Papa guesses the delimiter: Excel writes ';' where ',' is the decimal
 * mark. Blank lines are not records, so a record's row number is its place among the others (as the
 * imports always counted); the first record is the header.
 */
export async function readCsvSheet(bytes: Uint8Array, limits: SheetLimits): Promise<SheetRead> {
  // A NUL byte means a binary file (a picture, an old .xls), not text.
  if (bytes.includes(0)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', m.notSpreadsheet);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new AppError('BAD_REQUEST', m.notUtf8);
  }
  // Loaded on first use: it is not needed to start the server.
  const { default: Papa } = await import('papaparse');
  let header: string[] | undefined;
  const rows: SheetRead['rows'] = [];
  let records = 0;
  let cells = 0;
  let refusal: AppError | undefined;
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    step(result, parser) {
      const record = result.data;
      records++;
      try {
        if (records > limits.maxRows + 1) throw new AppError('BAD_REQUEST', m.tooManyRows(limits.maxRows));
        if (record.length > limits.maxColumns && record.slice(limits.maxColumns).some((c) => c !== '')) {
          throw new AppError('PAYLOAD_TOO_LARGE', m.tooManyColumns(limits.maxColumns));
        }
        cells += record.reduce((n, c) => (c === '' ? n : n + 1), 0);
        if (cells > limits.maxCells) throw new AppError('PAYLOAD_TOO_LARGE', m.tooManyCells(limits.maxCells));
        if (!header) {
          header = record;
          limits.checkHeader?.(header);
        } else {
          const kept = record.slice(0, header.length);
          if (kept.some((c) => c.trim() !== '')) rows.push({ row: records, cells: kept });
        }
      } catch (err) {
        refusal = err as AppError;
        parser.abort();
      }
    },
  });
  if (refusal) throw refusal;
  return { header, rows };
}
