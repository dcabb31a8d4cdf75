import { describe, expect, it } from 'vitest';
import { callerFromAuthorization } from '#server/auth/actor.ts';
import { createTestDeps } from '#tests/helpers/deps.ts';
import { createUser, tokenFor } from '#tests/helpers/factories.ts';

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
});
