import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';

let ready: Promise<unknown> | undefined;

/**
 * zxing-wasm fetches its WebAssembly from a public CDN unless told otherwise: read it from
 * node_modules instead, once per process (offline machines and firewalls must work).
 */
function prepare(): Promise<unknown> {
  ready ??= (async () => {
    // Loaded on the first decode: not needed to start the server.
    const { prepareZXingModule } = await import('zxing-wasm/reader');
    const file = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
    const bytes = await readFile(file);
    const wasmBinary = bytes.buffer.slice(
      bytes.byteOffset,
      bytes.byteOffset + bytes.byteLength,
    ) as ArrayBuffer;
    return prepareZXingModule({ overrides: { wasmBinary }, fireImmediately: true });
  })().catch((err) => {
    ready = undefined; // let the next call try again
    throw err;
  });
  return ready;
}

/**
 * The text of the first QR code in a PNG/JPEG/GIF image, or null. The image must already be checked
 * (type and pixel count: services/uploads/inspect.ts) so the decoder never meets a bomb.
 */
export async function decodeQr(bytes: Uint8Array): Promise<string | null> {
  await prepare();
  const { readBarcodes } = await import('zxing-wasm/reader');
  const results = await readBarcodes(bytes, { formats: ['QRCode'], tryHarder: true, maxNumberOfSymbols: 1 });
  return results.find((r) => r.isValid && r.text)?.text ?? null;
}
