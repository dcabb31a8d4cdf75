/**
 * The codes of one printed range, read from the batch's CSV asked for that range only (`fromSeq`, `toSeq`):
 * the server starts at the range's first item by the batch's key, so a range at the end of a million is as
 * quick as one at the start, and the page never holds more than the range (at most MAX_PRINT_CODES).
 */
import { ApiError } from '#client/lib/api-fetch.ts';
import { getAccessToken } from '#client/lib/storage.ts';

/** Codes one print may hold: a bound on the QR codes drawn in the page (24 per A4 sheet). */
export const MAX_PRINT_CODES = 480;

export interface SerialCode {
  code: string;
  url: string;
}

export const batchCsvPath = (batchId: number) => `/api/serials/batches/${batchId}/export.csv`;

/** The first two cells of a CSV line: a URL and a serial never hold a comma or a quote. */
function codeOf(line: string): SerialCode | null {
  const [url, serial] = line.split(',', 2);
  return url && serial ? { url, code: serial } : null;
}

/** Items `fromSeq`..`toSeq` (1-based, at most MAX_PRINT_CODES) of the batch `batchId`. */
export async function readSerialRange(
  batchId: number,
  fromSeq: number,
  toSeq: number,
): Promise<SerialCode[]> {
  const last = Math.min(toSeq, fromSeq + MAX_PRINT_CODES - 1);
  const token = getAccessToken();
  const headers = new Headers();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  // The server starts at the range's first item and ends at its last (the batch's key, not a read from item 1).
  const res = await fetch(`${batchCsvPath(batchId)}?fromSeq=${fromSeq}&toSeq=${last}`, {
    headers,
    credentials: 'same-origin',
  });
  if (!res.ok) throw new ApiError('', res.status);
  const text = await res.text();
  const codes: SerialCode[] = [];
  // Line 0 is the header; then the range's items, in order.
  for (const line of text.split(/\r?\n/).slice(1)) {
    const code = line ? codeOf(line) : null;
    if (code) codes.push(code);
  }
  return codes;
}
