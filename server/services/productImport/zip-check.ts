import { AppError } from '#server/errors.ts';
import { vi } from '#shared/i18n/vi/index.ts';

/**
 * Bounds on what an XLSX (a zip) may unpack to, checked BEFORE the spreadsheet library opens it
 * (decision 081): a 300 kB file whose shared strings inflate to 300 MB must be a quick 413, not a
 * gigabyte of memory. A real import file (IMPORT_MAX_ROWS rows) unpacks to a few MB.
 */
export const XLSX_MAX_ENTRY_BYTES = 25 * 1024 * 1024;
export const XLSX_MAX_TOTAL_BYTES = 50 * 1024 * 1024;
export const XLSX_MAX_ENTRIES = 1000;
/** Spreadsheet XML compresses well, but not past this (and small entries are not held to it). */
export const XLSX_MAX_RATIO = 200;
const RATIO_FROM_BYTES = 1024 * 1024;

const refuse = () =>
  new AppError('PAYLOAD_TOO_LARGE', vi.workspaceImport.unpackedTooLarge(XLSX_MAX_TOTAL_BYTES / 1024 / 1024));
const unreadable = () => new AppError('BAD_REQUEST', vi.workspaceImport.unreadable);

/**
 * Reads the zip's central directory (yauzl) and refuses (413) an entry or a total over the bounds or
 * an entry compressed past XLSX_MAX_RATIO. Then inflates every entry as a stream, counting: yauzl
 * stops an entry that inflates past the size its header declares, so a lying header is refused too,
 * and memory never holds more than a chunk at a time.
 */
export async function checkZipBounds(bytes: Uint8Array): Promise<void> {
  const yauzl = await import('yauzl');
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const zip = await new Promise<import('yauzl').ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (err, z) =>
      err || !z ? reject(unreadable()) : resolve(z),
    ),
  );
  if (zip.entryCount > XLSX_MAX_ENTRIES) {
    zip.close();
    throw refuse();
  }
  try {
    let total = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('error', () => reject(unreadable()));
      zip.on('end', resolve);
      zip.on('entry', (entry: import('yauzl').Entry) => {
        const size = entry.uncompressedSize;
        total += size;
        const ratio = size / Math.max(1, entry.compressedSize);
        if (
          size > XLSX_MAX_ENTRY_BYTES ||
          total > XLSX_MAX_TOTAL_BYTES ||
          (size > RATIO_FROM_BYTES && ratio > XLSX_MAX_RATIO)
        ) {
          reject(refuse());
          return;
        }
        if (entry.fileName.endsWith('/')) {
          zip.readEntry();
          return;
        }
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) {
            reject(unreadable());
            return;
          }
          // yauzl errors the stream when it inflates past the declared size: the header lied.
          stream.on('error', (e) => {
            stream.destroy();
            reject(/too many bytes/i.test(e.message) ? refuse() : unreadable());
          });
          stream.on('end', () => zip.readEntry());
          stream.resume();
        });
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

/** A checked zip's entries by name, each inflated as a stream when asked for. */
export interface ZipEntries {
  has(name: string): boolean;
  /** The entry inflated as a stream; a missing entry is an unreadable file (400). */
  open(name: string): Promise<import('node:stream').Readable>;
  close(): void;
}

/**
 * The entries of a zip that passed checkZipBounds, read from the same central directory the check
 * read: a reader sees exactly what was counted.
 */
export async function openZipEntries(bytes: Uint8Array): Promise<ZipEntries> {
  await checkZipBounds(bytes);
  const yauzl = await import('yauzl');
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const zip = await new Promise<import('yauzl').ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true }, (err, z) =>
      err || !z ? reject(unreadable()) : resolve(z),
    ),
  );
  const entries = new Map<string, import('yauzl').Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('error', () => reject(unreadable()));
    zip.on('end', resolve);
    zip.on('entry', (entry: import('yauzl').Entry) => {
      // The first of two entries of one name is the one read (a zip should not have two).
      if (!entries.has(entry.fileName)) entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
  return {
    has: (name) => entries.has(name),
    open: (name) =>
      new Promise((resolve, reject) => {
        const entry = entries.get(name);
        if (!entry) return reject(unreadable());
        zip.openReadStream(entry, (err, stream) => (err || !stream ? reject(unreadable()) : resolve(stream)));
      }),
    close: () => zip.close(),
  };
}
