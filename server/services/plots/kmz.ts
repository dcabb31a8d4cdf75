import { AppError } from '#server/errors.ts';
import { openZipEntries } from '#server/services/productImport/zip-check.ts';
import { plotImport as importMessages } from '#shared/i18n/vi/plot-geometry.ts';
import { plotFileText } from './import-parse.ts';

const m = importMessages;

/** Whether the file is a KMZ (Google Earth's zipped KML): a zip named .kmz. */
export function isKmz(fileName: string, firstBytes: Uint8Array): boolean {
  return firstBytes[0] === 0x50 && firstBytes[1] === 0x4b && /\.kmz$/i.test(fileName);
}

/**
 * The KML inside a KMZ (its doc.kml, as Google Earth writes it), for parsePlotFile(text, 'kml'). The zip is
 * held to the imports' bounds before anything is inflated (zip-check.ts, decision 081: entries, sizes,
 * compression ratio, headers that lie); its refusals are said in the plot import's words.
 */
export async function readKmz(bytes: Uint8Array): Promise<string> {
  let zip: Awaited<ReturnType<typeof openZipEntries>>;
  try {
    zip = await openZipEntries(bytes);
  } catch (err) {
    if (err instanceof AppError && err.code === 'PAYLOAD_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', m.kmzTooLarge);
    }
    throw new AppError('BAD_REQUEST', m.kmzUnreadable);
  }
  try {
    if (!zip.has('doc.kml')) throw new AppError('BAD_REQUEST', m.kmzNoDoc);
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.open('doc.kml')) chunks.push(chunk as Buffer);
    const text = plotFileText(Buffer.concat(chunks));
    if (text === null) throw new AppError('BAD_REQUEST', m.notUtf8);
    return text;
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError('BAD_REQUEST', m.kmzUnreadable);
  } finally {
    zip.close();
  }
}
