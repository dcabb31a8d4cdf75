import { describe, expect, it, vi } from 'vitest';
import { decodeToken, isValidToken } from '#client/lib/token.ts';

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (payload: unknown) => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}.signature`;
const NOW = Date.UTC(2026, 0, 1);
const nowSec = NOW / 1000;

describe('[client][token]: token validity', () => {
  it('[client][token]: a token whose exp is later than now is valid', () => {
    expect(isValidToken(jwt({ sub: '1', exp: nowSec + 60 }), NOW)).toBe(true);
  });
  it('[client][token]: exp compares in seconds: exp equal to now or earlier is invalid', () => {
    expect(isValidToken(jwt({ exp: nowSec }), NOW)).toBe(false);
    expect(isValidToken(jwt({ exp: nowSec - 1 }), NOW)).toBe(false);
    // A milliseconds-looking now must not make a seconds exp look expired.
    expect(isValidToken(jwt({ exp: nowSec + 1 }), NOW + 999)).toBe(true);
  });
  it('[client][token]: a token without an exp claim is invalid', () => {
    expect(isValidToken(jwt({ sub: '1' }), NOW)).toBe(false);
    expect(isValidToken(jwt({ exp: String(nowSec + 60) }), NOW)).toBe(false);
  });
  it("[client][token]: a token without two dots is invalid and 'Invalid token!' is logged", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(isValidToken('abc.def', NOW)).toBe(false);
    expect(isValidToken('nodots', NOW)).toBe(false);
    expect(warn).toHaveBeenCalledWith('Invalid token!');
    warn.mockRestore();
  });
  it('[client][token]: an undecodable payload is invalid; no token is invalid', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(decodeToken('a.%%%.c')).toBeNull();
    expect(isValidToken(`${b64({})}.${Buffer.from('not json').toString('base64url')}.s`, NOW)).toBe(false);
    expect(isValidToken(null, NOW)).toBe(false);
    expect(isValidToken('', NOW)).toBe(false);
    warn.mockRestore();
  });
  it('[client][token]: a payload with Vietnamese text decodes (UTF-8, base64url)', () => {
    expect(decodeToken(jwt({ name: 'Nguyễn Văn Ấn', exp: 1 }))?.name).toBe('Nguyễn Văn Ấn');
  });
});
