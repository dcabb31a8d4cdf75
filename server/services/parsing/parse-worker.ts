import { serveJobs } from '#server/lib/budgeted-worker.ts';
import { checkEpcisSchema, type EpcisValidation } from '#server/services/epcis/validate.ts';
import { lotColumns } from '#server/services/lots/import-columns.ts';
import { mapHeader } from '#server/services/productImport/columns.ts';
import { type SheetRead, sheetLimits } from '#server/services/productImport/sheet-limits.ts';
import { readSheetBytes } from '#server/services/productImport/sheet-read.ts';
import { movementColumns } from '#server/services/supply-chain/import-columns.ts';

/**
 * One thread of the parsing pool (parse-pool.ts, decision 175): reads an import's spreadsheet within
 * the sheet limits, its header checked as soon as it is read (the products', lots', receipts' or
 * shipments' columns), and
 * checks EPCIS documents against their schema. Whatever it costs, it costs this thread, within the
 * pool's heap and deadline.
 */
export type ParseJob =
  | { kind: 'sheet'; bytes: Uint8Array; maxRows: number; columns: SheetColumns }
  | { kind: 'epcis'; doc: unknown };
export type ParseResult = SheetRead | EpcisValidation;
/** Whose columns the header must name. */
export type SheetColumns = 'products' | 'lots' | 'receipts' | 'shipments';

const HEADER_CHECKS: Record<SheetColumns, (header: string[]) => unknown> = {
  products: mapHeader,
  lots: lotColumns,
  receipts: (header) => movementColumns('receipt', header),
  shipments: (header) => movementColumns('shipment', header),
};

serveJobs<ParseJob, ParseResult>(async (job) =>
  job.kind === 'sheet'
    ? readSheetBytes(job.bytes, sheetLimits(job.maxRows, HEADER_CHECKS[job.columns]))
    : checkEpcisSchema(job.doc),
);
