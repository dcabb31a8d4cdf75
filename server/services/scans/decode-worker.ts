import { parentPort } from 'node:worker_threads';
import { decodeQrCodes } from './decode-qr.ts';
import type { PhotoKind } from './scan-photo.ts';

/**
 * One thread of the image-decoding pool (server/services/scans/decode-pool.ts, decision 081): it
 * takes a job (an already checked photo's bytes), scales it down and answers the codes found in it. Decoding a large
 * photo holds a core for a second or more; here it holds this thread's, never the event loop's.
 */
export interface DecodeJob {
  id: number;
  bytes: Uint8Array;
  kind: PhotoKind;
}
export type DecodeReply = { id: number; codes: string[] } | { id: number; failed: true };

if (!parentPort) throw new Error('decode-worker.ts runs as a worker thread of the decode pool');
const port = parentPort;

port.on('message', async (job: DecodeJob) => {
  let reply: DecodeReply;
  try {
    reply = { id: job.id, codes: await decodeQrCodes(job.bytes, job.kind) };
  } catch {
    // A file the decoder cannot read: the caller answers "no QR code in this picture".
    reply = { id: job.id, failed: true };
  }
  port.postMessage(reply);
});
