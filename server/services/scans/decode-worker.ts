import { serveJobs } from '#server/lib/budgeted-worker.ts';
import { decodeQrCodes } from './decode-qr.ts';
import type { PhotoKind } from './scan-photo.ts';

/**
 * One thread of the image-decoding pool (server/services/scans/decode-pool.ts, decisions 081 and 175):
 * it takes a job (an already checked photo's bytes), scales it down and answers the codes found in it.
 * Decoding a large photo holds a core for a second or more; here it holds this thread's, never the
 * event loop's, within the pool's heap and deadline.
 */
export interface DecodeJob {
  bytes: Uint8Array;
  kind: PhotoKind;
}
/** The codes found, or null: a file the decoder cannot read (the caller answers "no QR code in this picture"). */
export type DecodeResult = string[] | null;

serveJobs<DecodeJob, DecodeResult>(async (job) => {
  try {
    return await decodeQrCodes(job.bytes, job.kind);
  } catch {
    return null;
  }
});
