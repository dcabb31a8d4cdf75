import { crc32, deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parsePlotFile } from '#server/services/plots/import-parse.ts';
import { isKmz, readKmz } from '#server/services/plots/kmz.ts';
import { xlsxZipBomb } from '#tests/server/security/zip-bomb.ts';

/** A zip of deflated entries, as Google Earth writes a KMZ. */
function zip(files: Record<string, string>): Uint8Array {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [fileName, text] of Object.entries(files)) {
    const name = Buffer.from(fileName);
    const raw = Buffer.from(text);
    const data = deflateRawSync(raw);
    const crc = crc32(raw);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    centrals.push(central, name);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(centrals.length / 2, 8);
  end.writeUInt16LE(centrals.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

const KML = `<?xml version="1.0" encoding="UTF-8"?><kml xmlns="http://www.opengis.net/kml/2.2"><Document>
<Placemark><name>Thửa KMZ</name><Point><coordinates>108.05,12.68,0</coordinates></Point></Placemark></Document></kml>`;

describe('KMZ', () => {
  it('knows a KMZ and reads its doc.kml', async () => {
    const bytes = zip({ 'doc.kml': KML, 'files/icon.png': 'png' });
    expect(isKmz('vung-trong.KMZ', bytes)).toBe(true);
    expect(isKmz('plots.xlsx', bytes)).toBe(false);
    const result = parsePlotFile(await readKmz(bytes), 'kml');
    expect('rows' in result && result.rows[0]).toMatchObject({ name: 'Thửa KMZ' });
  });

  it('refuses a KMZ without doc.kml, a broken zip and a zip bomb, in the plot import words', async () => {
    await expect(readKmz(zip({ 'other.kml': KML }))).rejects.toThrow(/không có doc\.kml/);
    await expect(readKmz(new Uint8Array([0x50, 0x4b, 3, 4, 0, 0]))).rejects.toThrow(/tệp zip bị hỏng/);
    await expect(readKmz(await xlsxZipBomb(60))).rejects.toThrow(/giải nén ra quá lớn/);
  });
});
