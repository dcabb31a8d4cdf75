/**
 * The codes of one printed range, read from the batch's CSV as the server streams it: the CSV is in seq
 * order (its row N is item N), so reading stops and the download is cancelled once the range's last row
 * has come. The page never holds more than the range, whatever the batch's size.
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
  const res = await fetch(batchCsvPath(batchId), { headers, credentials: 'same-origin' });
  if (!res.ok || !res.body) throw new ApiError('', res.status);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const codes: SerialCode[] = [];
  let rest = '';
  // Line 0 is the header; line N is item N.
  let line = -1;
  try {
    while (line < last) {
      const { value, done } = await reader.read();
      const lines = (rest + (value ?? '')).split(/\r?\n/);
      rest = done ? '' : (lines.pop() ?? '');
      for (const text of lines) {
        if (!text) continue;
        line += 1;
        if (line >= fromSeq && line <= last) {
          const code = codeOf(text);
          if (code) codes.push(code);
        }
      }
      if (done) break;
    }
  } finally {
    // The rest of the batch is not wanted: the server stops paging it.
    await reader.cancel().catch(() => undefined);
  }
  return codes;
}
