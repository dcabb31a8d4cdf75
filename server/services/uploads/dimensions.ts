export interface Dimensions {
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 65536 + u16be(b, i + 2);

/** PNG: the IHDR chunk is always first, right after the 8-byte signature. */
function png(b: Uint8Array): Dimensions | null {
  if (b.length < 24 || String.fromCharCode(...b.subarray(12, 16)) !== 'IHDR') return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

/** GIF: the logical screen size follows the 6-byte "GIF89a" signature. */
function gif(b: Uint8Array): Dimensions | null {
  if (b.length < 10) return null;
  return { width: u16le(b, 6), height: u16le(b, 8) };
}

/** JPEG: walk the marker segments to the first start-of-frame (SOF0..SOF15 except DHT, JPG, DAC). */
function jpeg(b: Uint8Array): Dimensions | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    // Markers without a length: TEM and RST0..7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { width: u16be(b, i + 7), height: u16be(b, i + 5) };
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame
    i += 2 + u16be(b, i + 2);
  }
  return null;
}

/** The size an image's header declares, read without decoding it; null when the header is broken. */
export function imageDimensions(bytes: Uint8Array, ext: 'png' | 'jpg' | 'gif'): Dimensions | null {
  const d = ext === 'png' ? png(bytes) : ext === 'gif' ? gif(bytes) : jpeg(bytes);
  if (!d || d.width < 1 || d.height < 1) return null;
  return d;
}
