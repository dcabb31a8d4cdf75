import type { Context, MiddlewareHandler } from 'hono';
import type { Settings } from '#server/env.ts';
import { AppError } from '#server/errors.ts';
import { tooLarge } from '#server/services/uploads/inspect.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { UploadFileInput } from '#shared/schemas/uploads.ts';
import { formParts } from './form-parts.ts';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 16 * 1024;
/**
 * Parts a form of this app has: the file and a few text fields (`dryRun`, `companyId`). The form parser
 * took about a second of the event loop for a body of 100,000 tiny parts (6 MB, under the photo limit),
 * so the parts are counted on the bytes as they arrive, before it runs (decision 172).
 */
export const FORM_PARTS_MAX = 8;
const LIMIT_KEYS = {
  upload: 'uploadMaxBytes',
  photoScan: 'photoScanMaxBytes',
  plotImport: 'plotImportMaxBytes',
} as const;
export type UploadKind = keyof typeof LIMIT_KEYS;

/**
 * Puts the upload size limits on every /api request's context, where the REST adapters of multipart
 * paths read them (adapters see the request, not the settings). A photo scan has its own, larger
 * limit: a phone sends its original photo (decision 120); so has a plot file (decision 218).
 */
export function uploadLimit(
  settings: Pick<Settings, 'uploadMaxBytes' | 'photoScanMaxBytes' | 'plotImportMaxBytes'>,
): MiddlewareHandler {
  return async (c, next) => {
    c.set(LIMIT_KEYS.upload as never, settings.uploadMaxBytes as never);
    c.set(LIMIT_KEYS.photoScan as never, settings.photoScanMaxBytes as never);
    c.set(LIMIT_KEYS.plotImport as never, settings.plotImportMaxBytes as never);
    await next();
  };
}

function limitOf(c: Context, kind: UploadKind): number {
  const limit = c.get(LIMIT_KEYS[kind] as never) as number | undefined;
  if (!limit) throw new Error('uploadLimit middleware is not mounted');
  return limit;
}

/**
 * The body, never buffered whole first: refused with 413 as soon as it passes `limit` bytes, and with
 * 400 as soon as it has begun more than FORM_PARTS_MAX parts (its delimiters counted as they arrive, one
 * cut between two chunks too; the closing one is one more than the parts).
 *
 * Each chunk is copied into one buffer as it arrives and let go: holding the socket's 64 kB chunks
 * until the end kept eight 10 MB photos' worth of small allocations alive at once, which the allocator
 * never gave back to the system (bench/RESULTS.md, photo scans' memory).
 */
async function readCapped(
  c: Context,
  limit: number,
  maxBytes: number,
  delimiter: string,
  declared: number,
): Promise<Uint8Array> {
  const body = c.req.raw.body;
  if (!body) throw new AppError('BAD_REQUEST', vi.scan.missingFile);
  const reader = body.getReader();
  const mark = Buffer.from(delimiter);
  // What the client declared (already no more than the limit): one buffer, filled as the bytes come.
  // Its pages are the system's until written, so a slow sender's header reserves no memory. Without a
  // length (chunked), a first 64 kB, doubled as needed.
  let all = Buffer.allocUnsafe(Number.isFinite(declared) && declared > 0 ? declared : 64 * 1024);
  let total = 0;
  let delimiters = 0;
  // Where the next delimiter may begin: one cut by the end of the last chunk is found once whole.
  let searchFrom = 0;
  const refuse = (error: AppError) => {
    // Not awaited: the answer must not wait on the stream's teardown (a cancelled branch of a teed body
    // settles only once the other is cancelled too: the import's answer once waited for ever on it).
    void reader.cancel().catch(() => {});
    return error;
  };
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (total + value.byteLength > limit) throw refuse(tooLarge(maxBytes));
    if (total + value.byteLength > all.length) {
      const grown = Buffer.allocUnsafe(Math.min(limit, Math.max(all.length * 2, total + value.byteLength)));
      all.copy(grown, 0, 0, total);
      all = grown;
    }
    all.set(value, total);
    total += value.byteLength;
    const seen = all.subarray(0, total);
    for (let at = seen.indexOf(mark, searchFrom); at !== -1; at = seen.indexOf(mark, at + mark.length)) {
      if (++delimiters > FORM_PARTS_MAX + 1)
        throw refuse(new AppError('BAD_REQUEST', vi.scan.tooManyParts(FORM_PARTS_MAX)));
      searchFrom = at + mark.length;
    }
    searchFrom = Math.max(searchFrom, total - mark.length + 1);
  }
  return all.subarray(0, total);
}

/**
 * The `file` field of a multipart/form-data request and its text fields (`dryRun`, `companyId` on the
 * import). Content-Length is checked first, the bytes are counted while reading, and the file's own
 * size last: a too-large upload is a quick 413, never a full read. The file's bytes are a view of the
 * body read once (server/edge/form-parts.ts); its type is not looked at here (the service sniffs them).
 */
export async function readUploadForm(
  c: Context,
  kind: UploadKind = 'upload',
): Promise<{ file: UploadFileInput; fields: Map<string, string> }> {
  const maxBytes = limitOf(c, kind);
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data;/i.test(type)) throw new AppError('BAD_REQUEST', vi.scan.missingFile);
  const limit = maxBytes + MULTIPART_OVERHEAD;
  const declared = Number(c.req.header('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(maxBytes);

  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  if (!boundary) throw new AppError('BAD_REQUEST', vi.scan.missingFile);
  const name = (boundary[1] ?? boundary[2]) as string;
  const raw = await readCapped(c, limit, maxBytes, `--${name}`, declared);
  const form = formParts(raw, name);
  const file = form?.files.get('file');
  if (!form || !file || file.bytes.byteLength === 0) throw new AppError('BAD_REQUEST', vi.scan.missingFile);
  if (file.bytes.byteLength > maxBytes) throw tooLarge(maxBytes);
  return { file: { bytes: file.bytes, filename: file.filename.slice(0, 255) }, fields: form.fields };
}

/** The `file` field of a multipart/form-data request (POST /uploads, /products/scan-qr, the lot import). */
export async function readUploadFile(c: Context, kind: UploadKind = 'upload'): Promise<UploadFileInput> {
  return (await readUploadForm(c, kind)).file;
}
