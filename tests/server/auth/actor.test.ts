import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callerFromAuthorization } from '#server/auth/actor.ts';
import { createTestDeps } from '#tests/helpers/deps.ts';
import { createUser, tokenFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';

/**
 * The one place a request's token becomes an actor (server/auth/actor.ts): tRPC, REST and the public
 * routes all build their context through it, so what it decides is what every way in decides.
 */
describe('[ANY][auth] actor from the Authorization header', () => {
  it('no header, another scheme or an empty bearer is a visitor, with nothing to refuse', async () => {
    const deps = await createTestDeps();
    for (const header of [undefined, '', 'Basic dXNlcjpwYXNz', 'Bearer', 'Bearer   ']) {
      expect(await callerFromAuthorization(deps, header), String(header)).toEqual({
        user: null,
        authError: null,
      });
    }
  });

  it("a valid token, under either spelling of the scheme, is its user's actor", async () => {
    const deps = await createTestDeps();
    const user = await createUser(deps, { role: 'COMPANY_ADMIN' });
    const token = await tokenFor(deps, user);
    for (const header of [`Bearer ${token}`, `bearer ${token}`]) {
      const { user: actor, authError } = await callerFromAuthorization(deps, header);
      expect(authError).toBeNull();
      expect(actor).toEqual({
        id: user.id,
        role: 'COMPANY_ADMIN',
        companyId: user.companyId,
        status: 'ACTIVE',
        tokenVersion: user.tokenVersion,
      });
    }
  });

  it('a bad token is remembered as 401, a deleted account as 410, a pending one as 412: never thrown', async () => {
    const deps = await createTestDeps();
    const bad = await callerFromAuthorization(deps, 'Bearer not-a-token');
    expect(bad.user).toBeNull();
    expect(bad.authError?.status).toBe(401);
    const gone = await createUser(deps, { deletedAt: new Date() });
    expect(
      (await callerFromAuthorization(deps, `Bearer ${await tokenFor(deps, gone)}`)).authError?.status,
    ).toBe(410);
    const pending = await createUser(deps, { status: 'PENDING' });
    expect(
      (await callerFromAuthorization(deps, `Bearer ${await tokenFor(deps, pending)}`)).authError?.status,
    ).toBe(412);
  });

  it('a lost database while loading the user is a 503 to what needs the user, and any other failure is thrown', async () => {
    const deps = await createTestDeps();
    const user = await createUser(deps);
    const header = `Bearer ${await tokenFor(deps, user)}`;
    const lost = Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
    const refused = await callerFromAuthorization({ ...deps, actors: () => Promise.reject(lost) }, header);
    expect(refused.user).toBeNull();
    expect(refused.authError?.status).toBe(503);
    const bug = new TypeError('a bug');
    await expect(
      callerFromAuthorization({ ...deps, actors: () => Promise.reject(bug) }, header),
    ).rejects.toBe(bug);
  });

  it('a revoked token sent many times at once, and in one tRPC batch beside a public call, is refused every time while the public call answers', async () => {
    const api = await createTestApi();
    const user = await createUser(api.deps, { role: 'COMPANY_ADMIN' });
    const token = await tokenFor(api.deps, user);
    // Verified once first, so the token is in the verified-token cache when it is revoked.
    expect((await api.call('GET', '/products', { token })).status).toBe(200);
    const { users } = api.deps.db.tables;
    await api.deps.db
      .update(users)
      .set({ tokenVersion: user.tokenVersion + 1 })
      .where(eq(users.id, user.id));
    const together = await Promise.all(
      Array.from({ length: 20 }, () => api.call('GET', '/products', { token })),
    );
    expect(together.map((a) => a.status)).toEqual(Array(20).fill(401));
    const input = encodeURIComponent(JSON.stringify({ 0: {}, 1: {}, 2: {} }));
    const res = await api.app.request(
      `/api/trpc/products.list,system.health,products.list?batch=1&input=${input}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const answers = (await res.json()) as Array<{
      result?: unknown;
      error?: { data: { httpStatus: number } };
    }>;
    expect(answers.map((a) => a.error?.data.httpStatus ?? 'ok')).toEqual([401, 'ok', 401]);
  });
});
