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
    // The local header and the directory entry carry the same fields, the directory's 2 bytes later.
    const header = (signature: number, length: number, at: number) => {
      const b = Buffer.alloc(length);
      b.writeUInt32LE(signature, 0);
      b.writeUInt16LE(20, 4);
      b.writeUInt16LE(f.method, at);
      b.writeUInt32LE(f.crc >>> 0, at + 6);
      b.writeUInt32LE(f.data.length, at + 10);
      b.writeUInt32LE(f.size, at + 14);
      b.writeUInt16LE(name.length, at + 18);
      return b;
    };
    const local = header(0x04034b50, 30, 8);
    const central = header(0x02014b50, 46, 10);
    central.writeUInt16LE(20, 6); // version needed (after "made by")
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
