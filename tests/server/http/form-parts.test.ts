import { describe, expect, it } from 'vitest';
import { formParts } from '#server/http/form-parts.ts';

/** A form as a browser or fetch encodes it: its body bytes and its boundary. */
async function encoded(form: FormData): Promise<{ body: Uint8Array; boundary: string }> {
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  const boundary = /boundary=(.+)$/.exec(request.headers.get('content-type') ?? '')?.[1] as string;
  return { body: new Uint8Array(await request.arrayBuffer()), boundary };
}

describe('[uploads] multipart forms are read in place (decision 220)', () => {
  it('finds the file and the text fields as the WHATWG parser does, the file a view of the body', async () => {
    const bytes = new Uint8Array(300_000).map((_, i) => (i * 31) & 255);
    // A file whose bytes contain CRLF, dashes and most of a delimiter.
    bytes.set(new TextEncoder().encode('\r\n--\r\n--formdata-undici-0'), 1000);
    const form = new FormData();
    form.append('dryRun', 'true');
    form.append('file', new Blob([bytes]), 'Sản phẩm "mới".xlsx');
    form.append('companyId', '12');
    const { body, boundary } = await encoded(form);
    const parts = formParts(body, boundary);
    const oracle = await new Response(body as Uint8Array<ArrayBuffer>, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    }).formData();
    const file = parts?.files.get('file');
    const expected = oracle.get('file') as File;
    expect(file?.filename).toBe(expected.name);
    expect(Buffer.from(file?.bytes ?? []).equals(Buffer.from(await expected.arrayBuffer()))).toBe(true);
    expect(file?.bytes.buffer).toBe(body.buffer);
    expect(Object.fromEntries(parts?.fields ?? [])).toEqual({ dryRun: 'true', companyId: '12' });
  });

  it('an empty file input (filename=""), a field named like a file, and the first part of a name kept', () => {
    const body = Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="file"; filename=""\r\nContent-Type: application/octet-stream\r\n\r\n' +
        '\r\n--b\r\nContent-Disposition: form-data; name="file"; filename="b.csv"\r\n\r\nsecond' +
        '\r\n--b\r\nContent-Disposition: form-data; name="filename"\r\n\r\nnot a file\r\n--b--\r\n',
    );
    const parts = formParts(body, 'b');
    expect(parts?.files.get('file')).toMatchObject({ filename: '' });
    expect(parts?.files.get('file')?.bytes.byteLength).toBe(0);
    expect(parts?.fields.get('filename')).toBe('not a file');
  });

  it('RFC 5987 file names, a preamble, quoted boundaries', () => {
    const body = Buffer.from(
      'preamble\r\n--b"q\r\n' +
        'Content-Disposition: form-data; name="file"; filename="a.jpg"; filename*=UTF-8\'\'%E1%BA%A3nh.jpg\r\n' +
        'Content-Type: image/jpeg\r\n\r\nXYZ\r\n--b"q--\r\n',
    );
    const parts = formParts(body, 'b"q');
    expect(parts?.files.get('file')).toMatchObject({ filename: 'ảnh.jpg' });
    expect(Buffer.from(parts?.files.get('file')?.bytes ?? []).toString()).toBe('XYZ');
  });

  it('a body that is not such a form is null, never a throw', () => {
    for (const text of [
      '',
      'hello',
      '--b\r\nno blank line',
      '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nunclosed',
    ]) {
      expect(formParts(Buffer.from(text), 'b'), text).toBeNull();
    }
  });
});
