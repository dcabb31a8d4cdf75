import { parentPort } from 'node:worker_threads';
import { decodeQr } from './decode-qr.ts';

/**
 * One thread of the image-decoding pool (server/services/scans/decode-pool.ts, decision 081): it
 * takes a job (an already checked image's bytes) and answers the codes found in it. Decoding a large
 * photo holds a core for a second or more; here it holds this thread's, never the event loop's.
 */
export interface DecodeJob {
  id: number;
  bytes: Uint8Array;
}
export type DecodeReply = { id: number; codes: string[] } | { id: number; failed: true };

if (!parentPort) throw new Error('decode-worker.ts runs as a worker thread of the decode pool');
const port = parentPort;

port.on('message', async (job: DecodeJob) => {
  let reply: DecodeReply;
  try {
    const text = await decodeQr(job.bytes);
    reply = { id: job.id, codes: text ? [text] : [] };
  } catch {
    // A file the decoder cannot read: the caller answers "no QR code in this picture".
    reply = { id: job.id, failed: true };
  }
  port.postMessage(reply);
});
