import { describe, expect, it } from 'vitest';
import { createTestApi } from '#tests/helpers/http.ts';

/** The directives of a CSP header, by name. */
function csp(header: string | null): Record<string, string[]> {
  expect(header).toBeTruthy();
  return Object.fromEntries(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('[GUEST][HTTP] security headers', () => {
  for (const path of [
    '/api/health',
    '/api/trpc/system.config',
    '/auth/new-password/ma-bi-mat-dat-lai',
    '/products/manage',
  ]) {
    it(`${path}: strict CSP without inline script, no framing, nosniff, no referrer`, async () => {
      const { app } = await createTestApi();
      const res = await app.request(path);
      const policy = csp(res.headers.get('content-security-policy'));
      expect(policy['script-src']).toContain("'self'");
      expect(policy['script-src']).not.toContain("'unsafe-inline'");
      expect(policy['script-src']).not.toContain("'unsafe-eval'");
      expect(policy['script-src']!.some((s) => s === '*' || s.startsWith('http') || s === 'data:')).toBe(
        false,
      );
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      expect(policy['base-uri']).toEqual(["'self'"]);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      // Keeps the reset token of /auth/new-password/{token} out of any Referer header.
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    });
  }

  it("tRPC's answers, data and errors alike, are never stored and carry the request id", async () => {
    const { app } = await createTestApi();
    for (const [path, status] of [
      ['/api/trpc/system.config', 200],
      ['/api/trpc/auth.me', 401],
      ['/api/trpc/khong.co', 404],
    ] as const) {
      const res = await app.request(path);
      expect(res.status, path).toBe(status);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
      expect(res.headers.get('x-request-id'), path).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
  });

  it('no HSTS when served over plain http', async () => {
    const { app } = await createTestApi({ PUBLIC_URL: 'http://localhost:3000' });
    const res = await app.request('/api/health');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('HSTS of one year when PUBLIC_URL is https', async () => {
    const { app } = await createTestApi({ PUBLIC_URL: 'https://truyxuat.example.vn' });
    const res = await app.request('/api/health');
    const hsts = res.headers.get('strict-transport-security') ?? '';
    expect(Number(hsts.match(/max-age=(\d+)/)?.[1])).toBeGreaterThanOrEqual(31_536_000);
  });

  it('API answers are never cached', async () => {
    const { app } = await createTestApi();
    expect((await app.request('/api/health')).headers.get('cache-control')).toBe('no-store');
  });
});

describe('[GUEST][HTTP] CORS', () => {
  const preflight = (origin: string) => ({
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization',
    },
  });

  it('closed when CORS_ORIGIN is not set: no origin is allowed, not even on a preflight', async () => {
    const { app } = await createTestApi();
    for (const origin of ['https://evil.example', 'http://localhost:3000', 'null']) {
      const simple = await app.request('/api/health', { headers: { origin } });
      expect(simple.headers.get('access-control-allow-origin')).toBeNull();
      const pre = await app.request('/api/auth/login', preflight(origin));
      expect(pre.headers.get('access-control-allow-origin')).toBeNull();
      expect(pre.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });

  it('open only to the configured origin', async () => {
    const { app } = await createTestApi({ CORS_ORIGIN: 'https://app.example.vn' });
    const ok = await app.request('/api/auth/login', preflight('https://app.example.vn'));
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://app.example.vn');
    for (const origin of ['https://evil.example', 'https://app.example.vn.evil.example', 'null', '*']) {
      const pre = await app.request('/api/auth/login', preflight(origin));
      expect(pre.headers.get('access-control-allow-origin'), origin).not.toBe(origin);
      expect([null, 'https://app.example.vn']).toContain(pre.headers.get('access-control-allow-origin'));
      const simple = await app.request('/api/health', { headers: { origin } });
      expect([null, 'https://app.example.vn']).toContain(simple.headers.get('access-control-allow-origin'));
    }
  });
});
