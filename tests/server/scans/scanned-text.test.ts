import { describe, expect, it } from 'vitest';
import { requireScannedTarget } from '#server/services/scans/scanned-text.ts';
import { buildDigitalLink } from '#shared/gs1/digital-link.ts';
import { readScannedText, SCANNED_TEXT_MAX } from '#shared/scanned-text.ts';

/**
 * The one reading of a scanned text (shared/scanned-text.ts, decision 184), which the server (a photo
 * sent to POST /api/products/scan-qr) and the scan page both use: every address the app prints, a
 * Digital Link of any resolver, and nothing else.
 */
const OURS = 'https://truyxuat.example.vn';
const BASES = [OURS, 'http://localhost:5173'];
const GTIN = '08930000000019';
const read = (text: string, bases: readonly string[] = BASES) => readScannedText(text, bases);

describe('[GUEST][unit][scans] every address the app prints scans', () => {
  it('[GUEST][unit][scans]: a printed code: bare (folded), or PUBLIC_URL/redirect/{code} with a slash, a query or a fragment', () => {
    for (const text of [
      'abcd2345efgh',
      '  ABCD2345EFGH \n',
      `${OURS}/redirect/abcd2345efgh`,
      `${OURS}/redirect/abcd2345efgh/`,
      `${OURS}/redirect/ABCD2345EFGH?utm_source=zalo`,
      `${OURS}/redirect/abcd2345efgh#top`,
      `HTTPS://TRUYXUAT.EXAMPLE.VN/redirect/abcd2345efgh`,
      '/redirect/abcd2345efgh',
      'http://localhost:5173/redirect/abcd2345efgh',
    ]) {
      expect(read(text), text).toEqual({ kind: 'code', code: 'abcd2345efgh' });
    }
    // A company's own printed code (decision 084), percent-encoded or not.
    expect(read(`${OURS}/redirect/ma-in-san_01`)).toEqual({ kind: 'code', code: 'ma-in-san_01' });
  });

  it('[GUEST][unit][scans]: a Digital Link of ours, with any qualifiers and query: its GTIN and lot', () => {
    const lot = { kind: 'gtin', gtin: GTIN, lot: 'LOT2611' };
    for (const text of [
      buildDigitalLink(OURS, { gtin: GTIN, lot: 'LOT2611' }),
      `${OURS}/01/${GTIN}/10/LOT2611/`,
      `${OURS}/01/${GTIN}/22/V1/10/LOT2611/21/S9`,
      `${OURS}/01/${GTIN}/10/LOT2611?17=271231&linkType=gs1:pip`,
      // An odd data attribute does not make the label's own code unreadable.
      `${OURS}/01/${GTIN}/10/LOT2611?17=279999`,
      `/01/${GTIN}/10/LOT2611`,
    ]) {
      expect(read(text), text).toEqual(lot);
    }
    expect(read(`${OURS}/01/${GTIN}`)).toEqual({ kind: 'gtin', gtin: GTIN, lot: null });
    expect(read(`${OURS}/01/${GTIN}/21/S9`)).toEqual({ kind: 'gtin', gtin: GTIN, lot: null });
    // Lot codes are case-sensitive and may hold GS1's punctuation, percent-encoded.
    expect(read(`${OURS}/01/${GTIN}/10/L%2F24-a`)).toEqual({ kind: 'gtin', gtin: GTIN, lot: 'L/24-a' });
  });

  it("[GUEST][unit][scans]: a product's and a lot's page: their ids", () => {
    expect(read(`${OURS}/products/details/12`)).toEqual({ kind: 'product', id: 12 });
    expect(read(`${OURS}/products/details/12/?ref=share`)).toEqual({ kind: 'product', id: 12 });
    expect(read('/products/details/7')).toEqual({ kind: 'product', id: 7 });
    expect(read(`${OURS}/lots/34`)).toEqual({ kind: 'lot', id: 34 });
    expect(read('/lots/2147483647')).toEqual({ kind: 'lot', id: 2147483647 });
  });

  it('[GUEST][unit][scans]: below a PUBLIC_URL with a path of its own, and only there', () => {
    const base = ['https://example.vn/txng'];
    expect(read('https://example.vn/txng/redirect/abcd2345efgh', base)).toEqual({
      kind: 'code',
      code: 'abcd2345efgh',
    });
    expect(read('https://example.vn/txng/lots/3', base)).toEqual({ kind: 'lot', id: 3 });
    expect(read(`https://example.vn/txng/01/${GTIN}/10/A1`, base)).toEqual({
      kind: 'gtin',
      gtin: GTIN,
      lot: 'A1',
    });
    expect(read('https://example.vn/redirect/abcd2345efgh', base)).toBeNull();
    expect(read('https://example.vn/lots/3', base)).toBeNull();
  });
});

describe('[GUEST][unit][scans] a Digital Link of another resolver names a GTIN; nothing else foreign is read', () => {
  it("[GUEST][unit][scans]: another resolver's Digital Link, at its root or below a path of its own", () => {
    expect(read(`https://id.gs1.org/01/${GTIN}/10/LOT2611?17=271231`)).toEqual({
      kind: 'gtin',
      gtin: GTIN,
      lot: 'LOT2611',
    });
    expect(read(`https://brand.example.com/dl/01/${GTIN}`)).toEqual({ kind: 'gtin', gtin: GTIN, lot: null });
  });

  it('[GUEST][unit][scans]: refuses other sites, look-alikes, other schemes and other paths', () => {
    for (const text of [
      'https://evil.example/redirect/abcd2345efgh',
      `${OURS}.evil.example/redirect/abcd2345efgh`,
      'https://truyxuat.example.vn:8443/redirect/abcd2345efgh',
      'http://truyxuat.example.vn/redirect/abcd2345efgh', // another scheme is another origin
      'https://evil.example/lots/1',
      'https://evil.example/products/details/1',
      '//evil.example/redirect/abcd2345efgh',
      '//evil.example',
      `${OURS}/products/abcd2345efgh`,
      `${OURS}/products/1`,
      `${OURS}/redirect/abcd2345efgh/more`,
      `${OURS}/redirect/%E0%A4%A`,
      `${OURS}/lots/1/more`,
      `${OURS}/lots/0`,
      `${OURS}/lots/01`,
      `${OURS}/lots/2147483648`,
      `${OURS}/products/details/abc`,
      `${OURS}/01/08930000000018`, // check digit
      `${OURS}/01/8930000000019`, // 13 digits
      `${OURS}/01/${GTIN}/10/L%C3%B4`, // a diacritic in a lot
      `${OURS}/01/${GTIN}/21/S9/10/LOT`, // qualifier order
      `${OURS}/00/106141412345678908`, // an SSCC is not a product
      `${OURS}/414/9520123456788`,
      `https://id.gs1.org/00/106141412345678908`,
      'javascript:alert(1)',
      `javascript://${OURS}/redirect/abcd2345efgh`,
      `data:text/html,${OURS}/redirect/abcd2345efgh`,
      'WIFI:S:cafe;T:WPA;P:secret;;',
      'Xin chào!',
      'ab',
      '',
    ]) {
      expect(read(text), text).toBeNull();
    }
  });

  it('[GUEST][unit][scans]: a text longer than any address we print is not read', () => {
    const long = `${OURS}/redirect/abcd2345efgh?${'x'.repeat(SCANNED_TEXT_MAX)}`;
    expect(read(long)).toBeNull();
  });

  it('[GUEST][unit][scans]: the server reads with PUBLIC_URL and says in Vietnamese what is not ours', () => {
    expect(requireScannedTarget(`${OURS}/lots/5`, OURS)).toEqual({ kind: 'lot', id: 5 });
    expect(() => requireScannedTarget('http://localhost:5173/lots/5', OURS)).toThrow(
      'Mã QR này không thuộc hệ thống',
    );
  });
});
