import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * A small .xlsx-shaped zip whose `xl/sharedStrings.xml` inflates to `inflatedMb` MB (a "zip bomb"),
 * built in 1 MB steps so the test itself never holds the inflated text. `declaredBytes` lets the
 * central directory lie about the inflated size (the bomb that hides).
 */
export async function xlsxZipBomb(inflatedMb: number, declaredBytes?: number): Promise<Uint8Array> {
  const chunk = Buffer.alloc(1024 * 1024, '<si><t>AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA</t></si>');
  const deflate = createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (d: Buffer) => parts.push(d));
  const ended = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  for (let i = 0; i < inflatedMb; i++) {
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await ended;
  const data = Buffer.concat(parts);
  const size = declaredBytes ?? inflatedMb * chunk.length;
  const files = [
    {
      name: '[Content_Types].xml',
      data: Buffer.from('<Types/>'),
      method: 0,
      crc: crc32('<Types/>'),
      size: 8,
    },
    { name: 'xl/sharedStrings.xml', data, method: 8, crc, size },
  ];
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const f of files) {
    const name = Buffer.from(f.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(f.method, 8);
    local.writeUInt32LE(f.crc >>> 0, 14);
    local.writeUInt32LE(f.data.length, 18);
    local.writeUInt32LE(f.size, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(f.method, 10);
    central.writeUInt32LE(f.crc >>> 0, 16);
    central.writeUInt32LE(f.data.length, 20);
    central.writeUInt32LE(f.size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, f.data);
    centrals.push(central, name);
    offset += local.length + name.length + f.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}
