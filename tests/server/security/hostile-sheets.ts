import JSZip from 'jszip';

/**
 * Hand-made XLSX files for attack tests: the few parts a spreadsheet reader needs, and a sheet written
 * straight as XML, so a test can make a million cells or a huge merged range in a moment.
 */
const PARTS = {
  '[Content_Types].xml':
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
  '_rels/.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
  'xl/workbook.xml':
    '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
  'xl/_rels/workbook.xml.rels':
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
};

const column = (n: number): string =>
  (n > 26 ? column(Math.floor((n - 1) / 26)) : '') + String.fromCharCode(65 + ((n - 1) % 26));

async function xlsxWithSheet(sheetData: string, after = ''): Promise<Uint8Array> {
  const zip = new JSZip();
  for (const [name, xml] of Object.entries(PARTS)) zip.file(name, xml);
  zip.file(
    'xl/worksheets/sheet1.xml',
    `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${sheetData}</sheetData>${after}</worksheet>`,
  );
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE', compressionOptions: { level: 9 } });
}

const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`;

/**
 * `rows` x `columns` numeric cells (1,000 x 1,000 inflate to about 25 MB, a tenth of that packed),
 * under a header of `header` in A1 when one is given (the first row then holds it alone).
 */
export function numericCellsXlsx(rows: number, columns: number, header?: string): Promise<Uint8Array> {
  const parts: string[] = header ? [`<row r="1">${inline('A1', header)}</row>`] : [];
  for (let r = header ? 2 : 1; r <= rows; r++) {
    let row = `<row r="${r}">`;
    for (let c = 1; c <= columns; c++) row += `<c r="${column(c)}${r}"><v>${c % 10}</v></c>`;
    parts.push(`${row}</row>`);
  }
  return xlsxWithSheet(parts.join(''));
}

/** A header of `header`, one value under it, and one merged range `ref` (A2:Z40000: a million cells in 8 kB). */
export function mergedRangeXlsx(header: string, ref: string): Promise<Uint8Array> {
  return xlsxWithSheet(
    `<row r="1">${inline('A1', header)}</row><row r="2">${inline('A2', 'x')}</row>`,
    `<mergeCells count="1"><mergeCell ref="${ref}"/></mergeCells>`,
  );
}
