/**
 * What a spreadsheet may hold before it is read whole (decision 175), and what reading one gives. The
 * readers (xlsx-stream.ts, csv-stream.ts) stop at the first row or cell past these, on the pool's
 * thread (server/services/parsing/), before anything is built from the file.
 */
export interface SheetLimits {
  /** Data rows with a value (the header is one more). */
  maxRows: number;
  /** A value past this column refuses the file (an import's columns all fit well before it). */
  maxColumns: number;
  /** Cells with text: rows x the columns a file of this import really has, with room. */
  maxCells: number;
  /** Cells inside merged ranges (one range can name a million): one a row on average. */
  maxMergedCells: number;
  /** Refuses (throws) a header naming no column of this import, before its rows are read. */
  checkHeader?: (header: string[]) => void;
}

/** The header (absent when the sheet has no rows at all) and the rows with some text, by sheet row number. */
export interface SheetRead {
  header: string[] | undefined;
  rows: { row: number; cells: string[] }[];
}

/** Column BL: a product file has 16 columns, a lots file 6. */
export const SHEET_MAX_COLUMNS = 64;
/** Cells with text a row may have on average: every column of a product file, twice over. */
export const SHEET_CELLS_PER_ROW = 32;

export const sheetLimits = (maxRows: number, checkHeader?: (header: string[]) => void): SheetLimits => ({
  maxRows,
  maxColumns: SHEET_MAX_COLUMNS,
  maxCells: (maxRows + 1) * SHEET_CELLS_PER_ROW,
  maxMergedCells: maxRows + 1,
  checkHeader,
});
