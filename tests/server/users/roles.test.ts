import { describe, expect, it } from 'vitest';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { createTestDeps } from '#tests/helpers/deps.ts';
import { callerFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { accountOf, createWorld, ROLES_AND_VISITOR, tokenOf, type Who, type World } from './world.ts';

/** Every users path, with what an allowed role gets; the target is company A's second employee. */
const PATHS: Array<{ method: string; path: (w: World) => string; body?: (w: World) => unknown; ok: number }> =
  [
    { method: 'GET', path: () => '/users', ok: 200 },
    { method: 'GET', path: () => '/users/count-status', ok: 200 },
    { method: 'GET', path: (w) => `/users/${w.staffA.id}`, ok: 200 },
    {
      method: 'POST',
      path: () => '/users',
      body: (w) => ({
        name: 'Nhân viên mới',
        email: 'moi@example.com',
        password: 'mat-khau-rat-dai-9',
        role: 'EMPLOYEE',
        companyId: w.companyA.id,
      }),
      ok: 201,
    },
    { method: 'PATCH', path: (w) => `/users/${w.staffA.id}`, body: () => ({ name: 'Tên mới' }), ok: 200 },
    { method: 'DELETE', path: (w) => `/users/${w.staffA.id}`, ok: 200 },
    { method: 'DELETE', path: () => '/users', body: (w) => ({ ids: [w.staffA.id] }), ok: 200 },
    { method: 'PUT', path: (w) => `/users/${w.staffA.id}/restore`, ok: 200 },
    { method: 'DELETE', path: (w) => `/users/${w.staffA.id}/permanently`, ok: 200 },
  ];

/** The roles table: only SUPER_ADMIN and COMPANY_ADMIN manage users. */
const EXPECTED: Record<Who, 'ok' | 401 | 403> = {
  SUPER_ADMIN: 'ok',
  COMPANY_ADMIN: 'ok',
  MODERATOR: 403,
  EMPLOYEE: 403,
  USER: 403,
  none: 401,
};

describe('[REST][users] role matrix', () => {
  for (const who of ROLES_AND_VISITOR) {
    for (const p of PATHS) {
      const expected = EXPECTED[who];
      it(`[${who}][REST][users]: ${p.method} ${p.path({ staffA: { id: ':id' } } as never)} is ${expected === 'ok' ? p.ok : expected}`, async () => {
        const api = await createTestApi();
        const world = await createWorld(api.deps);
        if (p.path(world).endsWith('/restore')) {
          await api.call('DELETE', `/users/${world.staffA.id}`, { token: world.tokens.SUPER_ADMIN });
        }
        const res = await api.call(p.method, p.path(world), {
          token: tokenOf(world, who),
          body: p.body?.(world),
        });
        if (expected === 'ok') {
          expect(res.status).toBe(p.ok);
          expect(res.body.statusCode).toBe(p.ok);
        } else {
          expect(res.status).toBe(expected);
          expect(res.body).toEqual({
            statusCode: expected,
            message: expected === 401 ? messages.errors.unauthorized : messages.errors.forbidden,
          });
        }
      });
    }
  }
});

describe('[router][users] role matrix', () => {
  for (const who of ROLES_AND_VISITOR) {
    const expected = EXPECTED[who];
    it(`[${who}][router][users]: list and countStatus ${expected === 'ok' ? 'answer' : `are refused (${expected})`}`, async () => {
      const deps = await createTestDeps();
      const world = await createWorld(deps);
      const caller = callerFor(deps, accountOf(world, who));
      if (expected === 'ok') {
        await expect(caller.users.list({})).resolves.toMatchObject({ count: expect.any(Number) });
        await expect(caller.users.countStatus()).resolves.toMatchObject({ total: expect.any(Number) });
      } else {
        const code = expected === 401 ? 'UNAUTHORIZED' : 'FORBIDDEN';
        await expect(caller.users.list({})).rejects.toMatchObject({ code });
        await expect(caller.users.countStatus()).rejects.toMatchObject({ code });
      }
    });
  }
});
