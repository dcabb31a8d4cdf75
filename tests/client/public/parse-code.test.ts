import { describe, expect, it } from 'vitest';
import { codeFromScan } from '#client/features/scan/parse-code.ts';

const OURS = ['https://truyxuat.example.vn', 'http://localhost:5173'];

describe('[GUEST][client][scan] what a scanned text means', () => {
  it('[GUEST][client][scan]: our printed redirect URL gives its code', () => {
    expect(codeFromScan('https://truyxuat.example.vn/redirect/abcd2345efgh', OURS)).toBe('abcd2345efgh');
    expect(codeFromScan('  https://truyxuat.example.vn/redirect/abcd2345efgh/  ', OURS)).toBe('abcd2345efgh');
  });

  it('[GUEST][client][scan]: the origin the app runs on is ours too, and so is a bare /redirect path', () => {
    expect(codeFromScan('http://localhost:5173/redirect/ma-in-san_01', OURS)).toBe('ma-in-san_01');
    expect(codeFromScan('/redirect/abcd2345efgh', OURS)).toBe('abcd2345efgh');
  });

  it('[GUEST][client][scan]: a bare code typed or printed under the label is accepted', () => {
    expect(codeFromScan('abcd2345efgh', OURS)).toBe('abcd2345efgh');
  });

  it('[GUEST][client][scan]: another site, a look-alike host, another port or another path is foreign', () => {
    for (const text of [
      'https://evil.example.com/redirect/abcd2345efgh',
      'https://truyxuat.example.vn.evil.com/redirect/abcd2345efgh',
      'https://truyxuat.example.vn:8443/redirect/abcd2345efgh',
      'http://truyxuat.example.vn/redirect/abcd2345efgh',
      'https://truyxuat.example.vn/products/details/1',
      'https://truyxuat.example.vn/redirect/abcd2345efgh/extra',
      'javascript:alert(1)',
      'WIFI:S:cafe;T:WPA;P:secret;;',
      'ab',
      '/redirect/%E0%A4%A',
      '',
    ]) {
      expect(codeFromScan(text, OURS), text).toBeNull();
    }
  });

  it('[GUEST][client][scan]: a publicUrl with a path only accepts redirects below that path', () => {
    const base = ['https://example.vn/txng'];
    expect(codeFromScan('https://example.vn/txng/redirect/abcd2345efgh', base)).toBe('abcd2345efgh');
    expect(codeFromScan('https://example.vn/redirect/abcd2345efgh', base)).toBeNull();
  });
});
