import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import { readCsvSheet } from './csv-stream.ts';
import type { SheetLimits, SheetRead } from './sheet-limits.ts';
import { readXlsxSheet } from './xlsx-stream.ts';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const isZip = (bytes: Uint8Array) => ZIP_MAGIC.every((b, i) => bytes[i] === b);

/**
 * The first sheet of a CSV (UTF-8) or XLSX file, told apart by its bytes (never the file's name),
 * within `limits`. Runs on the parsing pool's thread (server/services/parsing/parse-worker.ts).
 */
export function readSheetBytes(bytes: Uint8Array, limits: SheetLimits): Promise<SheetRead> {
  if (bytes.byteLength === 0) throw new AppError('BAD_REQUEST', vi.workspaceImport.emptyFile);
  return isZip(bytes) ? readXlsxSheet(bytes, limits) : readCsvSheet(bytes, limits);
}
