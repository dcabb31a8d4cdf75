/**
 * A photo of a code, read on the phone (decision 121): the picture is scaled down in the browser and
 * read by the same zxing WebAssembly as the camera, served from our own /assets/. Only when that finds
 * nothing (or the browser cannot open the file, e.g. HEIC outside Safari) does the page upload a copy,
 * the scaled one when there is one. Loaded on demand by the scan page.
 */
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

/** The longest side the reader sees (the server scales to the same, decision 120). */
export const PHOTO_LONG_SIDE = 2000;
/** As on the server: a shelf photo or a sheet of labels holds a few codes, never dozens. */
const MAX_CODES = 8;

export interface PhotoReading {
  /** The texts of the codes found, in the reader's order, without repeats. */
  texts: string[];
  /** The scaled-down JPEG copy to upload, or null when the browser could not open the file. */
  copy: () => Promise<Blob | null>;
}

async function scaled(file: Blob): Promise<{ pixels: ImageData; canvas: HTMLCanvasElement } | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null; // a format this browser cannot open: the server reads it
  }
  const ratio = Math.min(1, PHOTO_LONG_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * ratio));
  canvas.height = Math.max(1, Math.round(bitmap.height * ratio));
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return null;
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return { pixels: context.getImageData(0, 0, canvas.width, canvas.height), canvas };
}

export async function readPhoto(file: Blob): Promise<PhotoReading> {
  const image = await scaled(file);
  if (!image) return { texts: [], copy: async () => null };
  let texts: string[] = [];
  try {
    const results = await readBarcodes(image.pixels, {
      formats: ['QRCode'],
      tryHarder: true,
      maxNumberOfSymbols: MAX_CODES,
    });
    texts = [...new Set(results.filter((r) => r.isValid && r.text).map((r) => r.text))];
  } catch {
    // The reader failed to load (no network on a first visit): the server reads the copy.
  }
  const copy = () => new Promise<Blob | null>((done) => image.canvas.toBlob(done, 'image/jpeg', 0.9));
  return { texts, copy };
}
