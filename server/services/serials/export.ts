import { eq } from 'drizzle-orm';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import type { CompanyScope } from '#server/services/products/scope.ts';
import { serials as serialMessages } from '#shared/i18n/vi/serials.ts';
import type { SerialCsvInput } from '#shared/schemas/serials.ts';
import { SERIAL_ALPHABET, serialItemPath } from '#shared/serials.ts';
import { batchInScope, serialPage } from './batches.ts';
import { serialPinsOf } from './pin.ts';

const m = serialMessages;

/** The CSV's columns, in the order a print house's data merge reads them. */
export const CSV_HEADER = ['url', 'serial', 'pin', 'lot'];

/** Items read per page of the CSV: one keyset query, one chunk of the answer. */
export const CSV_PAGE = 5000;

/** A file answered as a stream (the REST adapter's `answer: 'stream'`). */
export interface StreamedFile {
  filename: string;
  contentType: string;
  body: ReadableStream<Uint8Array>;
}

/**
 * GET /serials/batches/{id}/export.csv: `url,serial,pin,lot` per item for a print house, in seq order. Read
 * from the database a page at a time by seq (keyset, from `fromSeq` to `toSeq` when a range is asked) when the reader asks for more: the answer waits on a
 * slow client instead of piling up, so memory stays flat whatever the batch's size. The lot's cell goes
 * through papaparse with escapeFormulae, as every CSV of the app: a lot code cannot run as a spreadsheet formula.
 */
export async function serialBatchCsv(
  deps: AppDeps,
  scope: CompanyScope,
  { id, fromSeq = 1, toSeq = Number.MAX_SAFE_INTEGER }: SerialCsvInput,
): Promise<StreamedFile> {
  const batch = await batchInScope(deps, scope, id);
  if (batch.status !== 'READY') throw new AppError('CONFLICT', m.notReady);
  const { products, lots } = deps.db.tables;
  const [product] = await deps.db
    .select({ gtin: products.gtin })
    .from(products)
    .where(eq(products.id, batch.productId))
    .limit(1);
  const [lot] = batch.lotId
    ? await deps.db.select({ code: lots.code }).from(lots).where(eq(lots.id, batch.lotId)).limit(1)
    : [];
  const gtin = product?.gtin ?? null;
  const lotCode = lot?.code ?? null;
  const { default: Papa } = await import('papaparse');
  const cell = (text: string) => Papa.unparse([[text]], { escapeFormulae: true });
  // Every item's URL is the same text up to its serial (shared/serials.ts): built and escaped once, as is
  // the lot's cell; a serial (the alphabet) and a PIN (digits) need no escaping.
  const origin = deps.settings.publicUrl.replace(/\/+$/, '');
  const probe = SERIAL_ALPHABET[0] as string;
  const urlHead = `${origin}${serialItemPath({ gtin, lotCode, serial: probe })}`.slice(0, -probe.length);
  const quoted = cell(`${urlHead}${probe}`) !== `${urlHead}${probe}`;
  const url = quoted
    ? (serial: string) => cell(`${urlHead}${serial}`)
    : (serial: string) => `${urlHead}${serial}`;
  const lotCell = cell(lotCode ?? '');
  const pinOf = batch.withPin ? serialPinsOf(batch.pinKey) : () => '';
  const encoder = new TextEncoder();
  // A range starts at its first item by the (batch_id, seq) key, never by reading the items before it.
  let after = fromSeq - 1;
  let started = false;

  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(`\uFEFF${CSV_HEADER.join(',')}\r\n`));
          return;
        }
        const rows =
          after >= toSeq ? [] : await serialPage(deps, batch.id, after, Math.min(CSV_PAGE, toSeq - after));
        if (!rows.length) {
          controller.close();
          return;
        }
        after = (rows.at(-1) as { seq: number }).seq;
        let text = '';
        for (const r of rows) text += `${url(r.serial)},${r.serial},${pinOf(r.serial)},${lotCell}\r\n`;
        controller.enqueue(encoder.encode(text));
      },
    },
    { highWaterMark: 1 },
  );
  return { filename: m.csvFile(batch.id), contentType: 'text/csv; charset=utf-8', body };
}
