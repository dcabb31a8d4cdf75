import type { Readable } from 'node:stream';
import type { SaxesTagPlain } from 'saxes';
import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { SheetLimits, SheetRead } from './sheet-limits.ts';
import { openZipEntries, type ZipEntries } from './zip-check.ts';

/**
 * The first sheet of an XLSX file, read as a stream (decision 175): the zip's entries are inflated one
 * at a time through a SAX parser (saxes), and reading stops at the first row or cell past the limits
 * (rows with values, columns, cells, merged ranges), before anything is built from it. What it gives
 * is what ExcelJS's whole-workbook reader gave (the reader the imports used before): the text of
 * every cell as its value reads (numbers as JavaScript writes them, dates in number formats as
 * YYYY-MM-DD, formulas by their last result, rich text joined, booleans as true/false, errors empty),
 * and a merged range's value in each of its cells. tests/server/productImport/xlsx-stream.test.ts
 * compares the two on the kinds of cell a spreadsheet holds.
 */

const m = vi.workspaceImport;
const unreadable = () => new AppError('BAD_REQUEST', m.unreadable);

/** Excel's built-in number formats that show a date or a time (ids 14-22, 45-47). */
const BUILT_IN_DATE_FORMATS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

/** Whether a number format shows a date or time: a date letter outside quotes and brackets (ExcelJS's rule). */
function isDateFormat(code: string): boolean {
  return /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** Excel's day number as a calendar day (UTC), in its 1900 or 1904 system. */
function excelDay(serial: number, date1904: boolean): string {
  const ms = Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000);
  const date = new Date(ms);
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : date.toISOString().slice(0, 10);
}

/** Excel's _xHHHH_ escapes in shared and rich text. */
const unescapeText = (text: string) =>
  text.replace(/_x([0-9A-F]{4})_/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** A formula's string result is XML-decoded once more (what ExcelJS does). */
const xmlDecode = (text: string) => text.replace(/&([a-z]*);/g, (entity) => XML_ENTITIES[entity] ?? entity);
const XML_ENTITIES: Record<string, string> = {
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
  '&apos;': "'",
  '&quot;': '"',
};

/** "BC12" -> column 55, row 12 (1-based); null when it is not a cell reference. */
function cellRef(ref: string): { col: number; row: number } | null {
  const match = /^\$?([A-Z]{1,3})\$?(\d{1,7})$/.exec(ref);
  if (!match) return null;
  let col = 0;
  for (const ch of match[1] as string) col = col * 26 + (ch.charCodeAt(0) - 64);
  return { col, row: Number(match[2]) };
}

/**
 * Runs a SAX parser over one zip entry, UTF-8 decoded chunk by chunk. A handler may throw (a limit):
 * the entry's stream is destroyed at once and the error is the result.
 */
async function parseEntry(
  entries: ZipEntries,
  name: string,
  handlers: {
    open?: (tag: SaxesTagPlain) => void;
    text?: (text: string) => void;
    close?: (tag: SaxesTagPlain) => void;
  },
): Promise<void> {
  const { SaxesParser } = await import('saxes');
  const parser = new SaxesParser();
  if (handlers.open) parser.on('opentag', handlers.open);
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  if (handlers.close) parser.on('closetag', handlers.close);
  const stream: Readable = await entries.open(name);
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of stream) {
      parser.write(decoder.decode(chunk as Buffer, { stream: true }));
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (err) {
    stream.destroy();
    throw err instanceof AppError ? err : unreadable();
  }
}

/** The first sheet's entry and the workbook's date system. */
async function firstSheet(entries: ZipEntries): Promise<{ path: string; date1904: boolean }> {
  let rid: string | undefined;
  let date1904 = false;
  await parseEntry(entries, 'xl/workbook.xml', {
    open(tag) {
      if (tag.name === 'workbookPr') date1904 = tag.attributes.date1904 === '1';
      else if (tag.name === 'sheet' && rid === undefined) rid = tag.attributes['r:id'];
    },
  });
  if (rid === undefined) throw new AppError('BAD_REQUEST', m.emptyFile);
  let target: string | undefined;
  await parseEntry(entries, 'xl/_rels/workbook.xml.rels', {
    open(tag) {
      if (tag.name === 'Relationship' && tag.attributes.Id === rid) target = tag.attributes.Target;
    },
  });
  if (!target) throw unreadable();
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`;
  return { path, date1904 };
}

/** The cell styles (by index) whose number format shows a date. */
async function dateStyles(entries: ZipEntries): Promise<Set<number>> {
  const styles = new Set<number>();
  if (!entries.has('xl/styles.xml')) return styles;
  const custom = new Map<number, string>();
  const formats: number[] = [];
  let inCellXfs = false;
  await parseEntry(entries, 'xl/styles.xml', {
    open(tag) {
      if (tag.name === 'numFmt') {
        custom.set(Number.parseInt(tag.attributes.numFmtId ?? '', 10), tag.attributes.formatCode ?? '');
      } else if (tag.name === 'cellXfs') inCellXfs = true;
      else if (tag.name === 'xf' && inCellXfs)
        formats.push(Number.parseInt(tag.attributes.numFmtId ?? '0', 10));
    },
    close(tag) {
      if (tag.name === 'cellXfs') inCellXfs = false;
    },
  });
  formats.forEach((id, style) => {
    if (!id) return;
    const code = custom.get(id);
    if (code !== undefined ? isDateFormat(code) : BUILT_IN_DATE_FORMATS.has(id)) styles.add(style);
  });
  return styles;
}

/** The shared strings, as text (rich text joined, phonetic runs left out); at most `max` of them. */
async function sharedStrings(entries: ZipEntries, max: number): Promise<string[]> {
  const strings: string[] = [];
  if (!entries.has('xl/sharedStrings.xml')) return strings;
  let plain: string[] | null = null;
  let runs: string[] | null = null;
  let run: string[] | null = null;
  let phonetic = 0;
  let inT = false;
  await parseEntry(entries, 'xl/sharedStrings.xml', {
    open(tag) {
      if (tag.name === 'si') {
        if (strings.length >= max) throw new AppError('PAYLOAD_TOO_LARGE', m.tooManyCells(max));
        plain = null;
        runs = null;
      } else if (tag.name === 'rPh') phonetic++;
      else if (phonetic) return;
      else if (tag.name === 'r') run = [];
      else if (tag.name === 't') {
        inT = true;
        if (!run) plain = [];
      }
    },
    text(text) {
      if (!inT || phonetic) return;
      (run ?? plain)?.push(text);
    },
    close(tag) {
      if (tag.name === 'rPh') phonetic--;
      else if (phonetic) return;
      else if (tag.name === 't') inT = false;
      else if (tag.name === 'r' && run) {
        runs ??= [];
        runs.push(unescapeText(run.join('')));
        run = null;
      } else if (tag.name === 'si') {
        strings.push(
          runs ? (runs as string[]).join('') : plain ? unescapeText((plain as string[]).join('')) : '',
        );
      }
    },
  });
  return strings;
}

/** One cell as it is being read. */
interface CellState {
  col: number;
  type: string | undefined;
  style: number;
  formula: boolean;
  value: string[] | null;
  runs: string[] | null;
  run: string[] | null;
  where: 'v' | 't' | 'f' | null;
}

/**
 * The first sheet of an XLSX file, within `limits`. Rows keep their sheet numbers; row 1 is the header
 * (empty when the sheet starts lower); only rows with some text are kept, trimmed to the header's width.
 */
export async function readXlsxSheet(bytes: Uint8Array, limits: SheetLimits): Promise<SheetRead> {
  const entries = await openZipEntries(bytes);
  try {
    const { path, date1904 } = await firstSheet(entries);
    if (!entries.has(path)) throw unreadable();
    const dates = await dateStyles(entries);
    const shared = await sharedStrings(entries, limits.maxCells);

    const rows = new Map<number, string[]>();
    const merges: { top: number; left: number; bottom: number; right: number }[] = [];
    let anyRow = false;
    let rowsWithValues = 0;
    let cellsKept = 0;
    let mergedCells = 0;
    let rowNumber = 0;
    let row: string[] | null = null;
    let rowHasValue = false;
    let lastCol = 0;
    let cell: CellState | null = null;
    let headerChecked = false;

    const tooManyRows = () => new AppError('BAD_REQUEST', m.tooManyRows(limits.maxRows));
    const countCells = (n: number) => {
      cellsKept += n;
      if (cellsKept > limits.maxCells)
        throw new AppError('PAYLOAD_TOO_LARGE', m.tooManyCells(limits.maxCells));
    };
    // The header is known once row 1 is done (or a later row starts): a file whose header names no
    // column of this import is refused before its rows are read.
    const checkHeader = () => {
      if (headerChecked) return;
      headerChecked = true;
      limits.checkHeader?.(Array.from(rows.get(1) ?? [], (c) => c ?? ''));
    };
    const textOf = (c: CellState): string | undefined => {
      const raw = c.value?.join('');
      if (c.formula) {
        if (raw === undefined) return '';
        if (c.type === 'str') return xmlDecode(raw);
        if (c.type === 'b') return String(Number.parseInt(raw, 10) !== 0);
        if (c.type === 'e') return '';
        const n = Number.parseFloat(raw);
        return dates.has(c.style) ? excelDay(n, date1904) : String(n);
      }
      if (c.runs) return c.runs.join('');
      if (raw === undefined) return undefined;
      switch (c.type) {
        case 's':
          return shared[Number.parseInt(raw, 10)] ?? '';
        case 'str':
          return xmlDecode(raw);
        case 'inlineStr':
          return raw;
        case 'b':
          return String(Number.parseInt(raw, 10) !== 0);
        case 'e':
          return '';
        default: {
          const n = Number.parseFloat(raw);
          return dates.has(c.style) ? excelDay(n, date1904) : String(n);
        }
      }
    };

    await parseEntry(entries, path, {
      open(tag) {
        const a = tag.attributes;
        switch (tag.name) {
          case 'row': {
            anyRow = true;
            rowNumber = a.r ? Number.parseInt(a.r, 10) : rowNumber + 1;
            if (!(rowNumber >= 1)) throw unreadable();
            if (rowNumber > 1) checkHeader();
            // A row number written twice (a hand-made file) goes on filling the same row.
            row = rows.get(rowNumber) ?? [];
            rowHasValue = false;
            lastCol = 0;
            return;
          }
          case 'c': {
            const ref = a.r ? cellRef(a.r) : null;
            const col = ref ? ref.col : lastCol + 1;
            lastCol = col;
            cell = {
              col,
              type: a.t,
              style: a.s ? Number.parseInt(a.s, 10) : 0,
              formula: false,
              value: null,
              runs: null,
              run: null,
              where: null,
            };
            return;
          }
          case 'f':
            if (cell) {
              cell.where = 'f';
              if (a.t) cell.formula = true;
            }
            return;
          case 'v':
          case 't':
            if (cell) cell.where = tag.name;
            return;
          case 'r':
            if (cell) cell.run = [];
            return;
          case 'mergeCell': {
            const [from, to] = (a.ref ?? '').split(':');
            const start = from ? cellRef(from) : null;
            const end = to ? cellRef(to) : start;
            if (!start || !end) return;
            const merge = {
              top: Math.min(start.row, end.row),
              left: Math.min(start.col, end.col),
              bottom: Math.max(start.row, end.row),
              right: Math.max(start.col, end.col),
            };
            // Counted before any is made: one range of a few bytes can name a million cells.
            mergedCells += (merge.right - merge.left + 1) * (merge.bottom - merge.top + 1);
            if (mergedCells > limits.maxMergedCells) {
              throw new AppError('PAYLOAD_TOO_LARGE', m.tooManyMergedCells(limits.maxMergedCells));
            }
            merges.push(merge);
            return;
          }
        }
      },
      text(text) {
        if (!cell?.where) return;
        if (cell.where === 'f') {
          if (text !== '') cell.formula = true;
        } else if (cell.run && cell.where === 't') cell.run.push(text);
        else {
          cell.value ??= [];
          cell.value.push(text);
        }
      },
      close(tag) {
        switch (tag.name) {
          case 'f':
          case 'v':
          case 't':
            if (cell) cell.where = null;
            return;
          case 'r':
            if (cell?.run) {
              cell.runs ??= [];
              cell.runs.push(unescapeText(cell.run.join('')));
              cell.run = null;
            }
            return;
          case 'c': {
            const done = cell;
            cell = null;
            if (!done || !row) return;
            const text = textOf(done);
            if (text === undefined) return;
            if (done.col > limits.maxColumns) {
              throw new AppError('PAYLOAD_TOO_LARGE', m.tooManyColumns(limits.maxColumns));
            }
            rowHasValue = true;
            if (text === '') return;
            countCells(1);
            row[done.col - 1] = text;
            if (!rows.has(rowNumber)) rows.set(rowNumber, row);
            return;
          }
          case 'row':
            if (rowHasValue && ++rowsWithValues > limits.maxRows + 1) throw tooManyRows();
            if (rowNumber === 1) checkHeader();
            row = null;
            return;
        }
      },
    });

    // A merged range shows its first cell's value in each of its cells (what ExcelJS gives), and its
    // rows are rows with values: counted against the limit before any is made. Only the columns under
    // the header are filled (the others are never read), the header's own merges first.
    const mergedRows = new Set<number>();
    for (const mg of merges) {
      for (let r = mg.top; r <= mg.bottom; r++) {
        if (rows.has(r) || mergedRows.has(r)) continue;
        mergedRows.add(r);
        if (rowsWithValues + mergedRows.size > limits.maxRows + 1) throw tooManyRows();
      }
    }
    const fill = (mg: (typeof merges)[number], lastCol: number) => {
      const master = rows.get(mg.top)?.[mg.left - 1];
      for (let r = mg.top; r <= mg.bottom; r++) {
        for (let c = mg.left; c <= Math.min(mg.right, lastCol); c++) {
          if (r === mg.top && c === mg.left) continue;
          const target = rows.get(r);
          if (master === undefined) {
            if (target) delete target[c - 1];
          } else if (target) target[c - 1] = master;
          else rows.set(r, Object.assign([], { [c - 1]: master }));
        }
      }
    };
    for (const mg of merges) if (mg.top === 1) fill(mg, limits.maxColumns);
    const headerWidth = rows.get(1)?.length ?? 0;
    for (const mg of merges) if (mg.top !== 1) fill(mg, headerWidth);
    checkHeader();

    const header = anyRow || merges.length ? Array.from(rows.get(1) ?? [], (c) => c ?? '') : undefined;
    const width = header?.length ?? 0;
    const data: SheetRead['rows'] = [];
    for (const number of [...rows.keys()].sort((a, b) => a - b)) {
      if (number === 1) continue;
      const row = rows.get(number) as string[];
      const cells = Array.from({ length: width }, (_, i) => row[i] ?? '');
      if (cells.some((c) => c.trim() !== '')) data.push({ row: number, cells });
    }
    return { header, rows: data };
  } finally {
    entries.close();
  }
}
