/**
 * The parts of a multipart/form-data body (RFC 7578) that is already in memory, found with the buffer's
 * own search and answered as views of it: no copy of a file's bytes. The WHATWG form parser
 * (`Response.formData()`) copied a 10 MB photo three times on the event loop (the parse, the File, its
 * arrayBuffer()), and eight photos at once held /api/health for most of a second (decision 220). The
 * number of parts is bounded before this runs (server/http/upload-body.ts counts the delimiters).
 */
export interface FormParts {
  /** The parts that carried a file name, under their field names. */
  files: Map<string, { filename: string; bytes: Uint8Array }>;
  /** The parts without one, as UTF-8 text. Of two parts with one name, the first is kept. */
  fields: Map<string, string>;
}

const CRLF = Buffer.from('\r\n');
const HEADERS_END = Buffer.from('\r\n\r\n');
const DASHES = 0x2d;

/** A header parameter's value: `name="value"` (quoted, with `\"` escapes) or `name=token`. */
function parameter(header: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|;)\\s*${name}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, 'i').exec(
    header,
  );
  if (!match) return undefined;
  return match[1] !== undefined ? match[1].replace(/\\(.)/g, '$1') : match[2];
}

/** `filename*=UTF-8''…` (RFC 5987), which some clients send beside or instead of `filename`. */
function extendedFilename(header: string): string | undefined {
  const value = parameter(header, 'filename\\*');
  const match = value && /^utf-8''(.*)$/i.exec(value);
  if (!match) return undefined;
  try {
    return decodeURIComponent(match[1] as string);
  } catch {
    return undefined;
  }
}

/** A browser writes `"`, CR and LF of a file name as %22, %0D and %0A (HTML's form encoding). */
function htmlFilename(value: string | undefined): string | undefined {
  return value?.replace(/%22|%0d|%0a/gi, (code) => decodeURIComponent(code));
}

/**
 * The parts of `body` delimited by `--boundary`; null when the body is not such a form (no delimiter,
 * a part without its blank line, no closing delimiter).
 */
export function formParts(body: Uint8Array, boundary: string): FormParts | null {
  const buf = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${boundary}`);
  const between = Buffer.from(`\r\n--${boundary}`);
  const parts: FormParts = { files: new Map(), fields: new Map() };
  // The first delimiter opens the body (a preamble before it is ignored, as RFC 2046 says).
  let at = buf.indexOf(delimiter);
  if (at < 0) return null;
  at += delimiter.length;
  for (;;) {
    // `--` after a delimiter closes the form.
    if (buf[at] === DASHES && buf[at + 1] === DASHES) return parts;
    // The rest of the delimiter's line (transport padding) ends with CRLF.
    const lineEnd = buf.indexOf(CRLF, at);
    if (lineEnd < 0) return null;
    const headersEnd = buf.indexOf(HEADERS_END, lineEnd);
    if (headersEnd < 0) return null;
    const next = buf.indexOf(between, headersEnd + HEADERS_END.length);
    if (next < 0) return null;
    const headers = buf.toString('utf8', lineEnd + CRLF.length, headersEnd).split('\r\n');
    const disposition = headers.find((h) => /^content-disposition\s*:/i.test(h))?.replace(/^[^:]*:/, '');
    const name = disposition === undefined ? undefined : parameter(disposition, 'name');
    if (disposition !== undefined && name !== undefined) {
      const content = buf.subarray(headersEnd + HEADERS_END.length, next);
      const filename = extendedFilename(disposition) ?? htmlFilename(parameter(disposition, 'filename'));
      if (parts.files.has(name) || parts.fields.has(name)) {
        // The first part of a name is the one read, whatever it holds.
      } else if (filename !== undefined) parts.files.set(name, { filename, bytes: content });
      else parts.fields.set(name, content.toString('utf8'));
    }
    at = next + between.length;
  }
}
