import type { Context, MiddlewareHandler } from 'hono';
import { vi } from '#shared/i18n/vi/index.ts';
import type { UploadFileInput } from '#shared/schemas/uploads.ts';
import type { Settings } from '#server/env.ts';
import { AppError } from '#server/errors.ts';
import { tooLarge } from '#server/services/uploads/inspect.ts';

/** Room for the multipart boundaries and part headers around the file itself. */
const MULTIPART_OVERHEAD = 16 * 1024;
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

/** The body, refused with 413 as soon as it passes `limit` bytes: never buffered whole first. */
async function readCapped(c: Context, limit: number, maxBytes: number): Promise<Uint8Array> {
  const body = c.req.raw.body;
  if (!body) throw new AppError('BAD_REQUEST', vi.scan.missingFile);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      throw tooLarge(maxBytes);
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

  const raw = await readCapped(c, limit, maxBytes);
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
