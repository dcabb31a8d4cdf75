import type { Context, MiddlewareHandler } from 'hono';
import { vi } from '#shared/i18n/vi/index.ts';
import type { UploadFileInput } from '#shared/schemas/uploads.ts';
import type { Settings } from '#server/env.ts';
import { AppError } from '#server/errors.ts';
import { tooLarge } from '#server/services/uploads/inspect.ts';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 16 * 1024;
/**
 * Parts a form of this app has: the file and a few text fields (`dryRun`, `companyId`). The form parser
 * took about a second of the event loop for a body of 100,000 tiny parts (6 MB, under the photo limit),
 * so the parts are counted on the bytes as they arrive, before it runs (decision 172).
 */
export const FORM_PARTS_MAX = 8;
const LIMIT_KEYS = { upload: 'uploadMaxBytes', photoScan: 'photoScanMaxBytes' } as const;
export type UploadKind = keyof typeof LIMIT_KEYS;

/**
 * Puts the upload size limits on every /api request's context, where the REST adapters of multipart
 * paths read them (adapters see the request, not the settings). A photo scan has its own, larger
 * limit: a phone sends its original photo (decision 120).
 */
export function uploadLimit(
  settings: Pick<Settings, 'uploadMaxBytes' | 'photoScanMaxBytes'>,
): MiddlewareHandler {
  return async (c, next) => {
    c.set(LIMIT_KEYS.upload as never, settings.uploadMaxBytes as never);
    c.set(LIMIT_KEYS.photoScan as never, settings.photoScanMaxBytes as never);
    await next();
  };
}

function limitOf(c: Context, kind: UploadKind): number {
  const limit = c.get(LIMIT_KEYS[kind] as never) as number | undefined;
  if (!limit) throw new Error('uploadLimit middleware is not mounted');
  return limit;
}

/**
 * A check of a multipart body's parts as its bytes arrive: whether more than `max` have begun (its
 * delimiters counted, a delimiter cut between two chunks too; the closing one is one more than the parts).
 */
function partCounter(delimiter: string, max: number): (chunk: Uint8Array) => boolean {
  const mark = Buffer.from(delimiter);
  let tail = Buffer.alloc(0);
  let delimiters = 0;
  return (chunk) => {
    const bytes = Buffer.concat([tail, chunk]);
    for (let at = bytes.indexOf(mark); at !== -1; at = bytes.indexOf(mark, at + mark.length)) {
      if (++delimiters > max + 1) return true;
    }
    // Shorter than the delimiter: holds no whole one, so nothing is counted twice.
    tail = bytes.subarray(Math.max(0, bytes.length - mark.length + 1));
    return false;
  };
}

/**
 * The body, never buffered whole first: refused with 413 as soon as it passes `limit` bytes, and with
 * 400 as soon as it has begun more than FORM_PARTS_MAX parts.
 */
async function readCapped(c: Context, limit: number, maxBytes: number, delimiter: string): Promise<Uint8Array> {
  const body = c.req.raw.body;
  if (!body) throw new AppError('BAD_REQUEST', vi.scan.missingFile);
  const reader = body.getReader();
  const tooManyParts = partCounter(delimiter, FORM_PARTS_MAX);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    // Not awaited: a body the import has cloned (server/rest/productImport.ts) is a tee, and cancelling
    // one branch settles only once the other is cancelled too, which nothing does: the answer waited for ever.
    if (total > limit) {
      void reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
    }
    if (tooManyParts(value)) {
      void reader.cancel().catch(() => {});
      throw new AppError('BAD_REQUEST', vi.scan.tooManyParts(FORM_PARTS_MAX));
    }
    chunks.push(value);
  }
  const all = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    all.set(chunk, at);
    at += chunk.byteLength;
  }
  return all;
}

/**
 * The `file` field of a multipart/form-data request, for POST /uploads and POST /products/scan-qr.
 * Content-Length is checked first, the bytes are counted while reading, and the file's own size
 * last: a too-large upload is a quick 413, never a full read. The file's type is not looked at here
 * (the service sniffs the bytes).
 */
export async function readUploadFile(c: Context, kind: UploadKind = 'upload'): Promise<UploadFileInput> {
  const maxBytes = limitOf(c, kind);
  const type = c.req.header('content-type') ?? '';
  if (!/^multipart\/form-data;/i.test(type)) throw new AppError('BAD_REQUEST', vi.scan.missingFile);
  const limit = maxBytes + MULTIPART_OVERHEAD;
  const declared = Number(c.req.header('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(maxBytes);

  const boundary = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(type);
  if (!boundary) throw new AppError('BAD_REQUEST', vi.scan.missingFile);
  const raw = await readCapped(c, limit, maxBytes, `--${boundary[1] ?? boundary[2]}`);
  let form: FormData;
  try {
    form = await new Response(raw as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': type },
    }).formData();
  } catch {
    throw new AppError('BAD_REQUEST', vi.scan.missingFile);
  }
  const file = form.get('file');
  if (!(file instanceof File) || file.size === 0) throw new AppError('BAD_REQUEST', vi.scan.missingFile);
  if (file.size > maxBytes) throw tooLarge(maxBytes);
  return { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name.slice(0, 255) };
}
