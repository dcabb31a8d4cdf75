import { describe, expect, it } from 'vitest';
import { type Action, permissionsFor, ROLES, roleCan, type Subject } from '#shared/permissions.ts';
import { createTestDeps } from '#tests/helpers/deps.ts';
import { callerFor, createUser } from '#tests/helpers/factories.ts';

/** The roles table (decision 006), written out: what each role may do. */
const EXPECTED: Record<string, Array<[Action, Subject]>> = {
  SUPER_ADMIN: [
    ['manage', 'Admin'],
    ['manage', 'Manage'],
    ['manage', 'Product'],
    ['manage', 'User'],
    ['manage', 'Guest'],
  ],
  MODERATOR: [
    ['manage', 'Admin'],
    ['read', 'Manage'],
    ['read', 'Product'],
    ['read', 'User'],
    ['read', 'Guest'],
  ],
  COMPANY_ADMIN: [
    ['manage', 'Manage'],
    ['manage', 'Product'],
    ['manage', 'User'],
    ['read', 'Guest'],
  ],
  EMPLOYEE: [
    ['manage', 'Product'],
    ['read', 'Manage'],
    ['read', 'Guest'],
    ['read', 'User'],
  ],
  USER: [
    ['read', 'Product'],
    ['read', 'User'],
    ['read', 'Guest'],
  ],
  GUEST: [
    ['read', 'Login'],
    ['read', 'Product'],
    ['read', 'Guest'],
  ],
};
const ALL: Array<[Action, Subject]> = (['read', 'manage'] as const).flatMap((a) =>
  (['Product', 'User', 'Guest', 'Manage', 'Admin', 'Login'] as const).map((s) => [a, s] as [Action, Subject]),
);

describe('[permissions] the one table', () => {
  for (const role of ROLES) {
    it(`${role} can exactly what the decisions say`, () => {
      const allowed = EXPECTED[role]!;
      const implied = (a: Action, s: Subject) =>
        allowed.some(([aa, ss]) => ss === s && (aa === a || aa === 'manage'));
      for (const [a, s] of ALL) expect(roleCan(role, a, s), `${role} ${a} ${s}`).toBe(implied(a, s));
    });
  }

  it('the session permissions list is the table rows of the role', () => {
    expect(permissionsFor('EMPLOYEE')).toContainEqual({ action: 'manage', subject: 'Product' });
    expect(permissionsFor('GUEST')).toContainEqual({ action: 'read', subject: 'Login' });
  });
});

describe('[router][auth] through createCaller', () => {
  it('me: a visitor is UNAUTHORIZED; a user gets itself without secrets', async () => {
    const deps = await createTestDeps();
    await expect(callerFor(deps, null).auth.me()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const user = await createUser(deps);
    const me = await callerFor(deps, user).auth.me();
    expect(me).toMatchObject({ id: user.id, email: user.email, company: null });
    expect(me).not.toHaveProperty('passwordHash');
  });

  it('updateCompany is FORBIDDEN for an EMPLOYEE', async () => {
    const deps = await createTestDeps();
    const employee = await createUser(deps, { role: 'EMPLOYEE' });
    await expect(callerFor(deps, employee).auth.updateCompany({ name: 'X' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});
