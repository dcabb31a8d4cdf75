import { afterEach, beforeEach, describe, expect, it, vi as vitest } from 'vitest';
import type { AppDeps } from '#server/deps.ts';
import { vi as messages } from '#shared/i18n/vi/index.ts';
import { tables } from '#tests/helpers/deps.ts';
import { callerFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { createWorld, ROLES_AND_VISITOR, tokenOf, type World } from '#tests/server/users/world.ts';

const { products, scanEvents } = tables;

/** 10:00 in Hà Nội on 10 March 2025. */
const NOW = new Date('2025-03-10T03:00:00Z');
let seq = 0;

async function product(
  deps: AppDeps,
  companyId: number,
  name: string,
  status: 'ACTIVE' | 'INACTIVE' = 'ACTIVE',
) {
  seq++;
  const [row] = await deps.db
    .insert(products)
    .values({ companyId, name, status, qrCode: `stat-code-${seq}` })
    .returning();
  return row!;
}
/** `times` scans at one instant: one row counting them, as a counting window keeps them (decision 156). */
async function scans(deps: AppDeps, p: { id: number; companyId: number }, at: string, times = 1) {
  await deps.db
    .insert(scanEvents)
    .values({ productId: p.id, companyId: p.companyId, createdAt: new Date(at), scans: times });
}

/** Company A: 3 products (2 active), 8 scans; company B: 1 product, 5 scans. */
async function seed(deps: AppDeps, world: World) {
  const coffee = await product(deps, world.companyA.id, 'Cà phê');
  const tea = await product(deps, world.companyA.id, 'Trà');
  const rice = await product(deps, world.companyA.id, 'Gạo', 'INACTIVE');
  const secret = await product(deps, world.companyB.id, 'Bí mật B');
  await scans(deps, coffee, '2025-03-09T18:30:00Z', 3); // 01:30 on 10 March in Hà Nội: today
  await scans(deps, tea, '2025-03-09T16:00:00Z', 2); // 23:00 on 9 March in Hà Nội
  await scans(deps, rice, '2025-02-08T17:00:00Z'); // 00:00 on 9 February in Hà Nội: the first of the 30 days
  await scans(deps, coffee, '2025-02-08T16:59:59Z'); // 23:59:59 on 8 February: just before the window
  await scans(deps, tea, '2024-12-01T00:00:00Z'); // long ago: counted in totals only
  await scans(deps, secret, '2025-03-10T01:00:00Z', 5);
  return { coffee, tea, rice, secret };
}

beforeEach(() => {
  vitest.useFakeTimers({ toFake: ['Date'] });
  vitest.setSystemTime(NOW);
});
afterEach(() => {
  vitest.useRealTimers();
});

describe('[REST][statistics] company dashboard', () => {
  it('[COMPANY_ADMIN][REST][statistics]: totals, 30 Vietnamese days oldest first zero-filled, top products', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    const { coffee, tea, rice } = await seed(api.deps, world);
    const res = await api.call('GET', '/companies/dashboard/statistic', {
      token: world.tokens.COMPANY_ADMIN,
    });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data).toMatchObject({ totalProducts: 3, activeProducts: 2, inactiveProducts: 1, totalScans: 8 });
    expect(data.scansByDay).toHaveLength(30);
    expect(data.scansByDay[0]).toEqual({ date: '2025-02-09', count: 1 });
    expect(data.scansByDay[1]).toEqual({ date: '2025-02-10', count: 0 });
    expect(data.scansByDay[28]).toEqual({ date: '2025-03-09', count: 2 });
    expect(data.scansByDay[29]).toEqual({ date: '2025-03-10', count: 3 });
    expect(data.scansByDay.reduce((s: number, d: { count: number }) => s + d.count, 0)).toBe(6);
    expect(data.topProducts).toEqual([
      { id: coffee.id, name: 'Cà phê', scans: 4 },
      { id: tea.id, name: 'Trà', scans: 3 },
      { id: rice.id, name: 'Gạo', scans: 1 },
    ]);
  });

  it("[COMPANY_ADMIN][REST][statistics]: ?companyId= of another company is ignored: B's figures never show", async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    await seed(api.deps, world);
    const own = await api.call('GET', '/companies/dashboard/statistic', { token: world.tokens.EMPLOYEE });
    const asked = await api.call('GET', `/companies/dashboard/statistic?companyId=${world.companyB.id}`, {
      token: world.tokens.COMPANY_ADMIN,
    });
    expect(asked.body.data).toEqual(own.body.data);
    expect(JSON.stringify(asked.body.data)).not.toContain('Bí mật B');
    const b = await api.call('GET', '/companies/dashboard/statistic', { token: world.tokenB });
    expect(b.body.data).toMatchObject({ totalProducts: 1, totalScans: 5 });
    expect(b.body.data.topProducts.map((p: { name: string }) => p.name)).toEqual(['Bí mật B']);
  });

  it('[SUPER_ADMIN][REST][statistics]: one company with ?companyId=, every company without; unknown company 404', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    await seed(api.deps, world);
    const token = world.tokens.SUPER_ADMIN;
    const all = await api.call('GET', '/companies/dashboard/statistic', { token });
    expect(all.body.data).toMatchObject({ totalProducts: 4, activeProducts: 3, totalScans: 13 });
    expect(all.body.data.topProducts[0]).toMatchObject({ name: 'Bí mật B', scans: 5 });
    const b = await api.call('GET', `/companies/dashboard/statistic?companyId=${world.companyB.id}`, {
      token,
    });
    expect(b.body.data).toMatchObject({ totalProducts: 1, totalScans: 5 });
    const missing = await api.call('GET', '/companies/dashboard/statistic?companyId=9999', { token });
    expect(missing.status).toBe(404);
    const bad = await api.call('GET', '/companies/dashboard/statistic?companyId=abc', { token });
    expect(bad.status).toBe(400);
    const unknown = await api.call('GET', '/companies/dashboard/statistic?from=2025-01-01', { token });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ from: messages.validation.unknownField('from') });
  });

  it('[COMPANY_ADMIN][REST][statistics]: top products stop at five', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    for (let i = 1; i <= 7; i++)
      await scans(api.deps, await product(api.deps, world.companyA.id, `SP ${i}`), '2025-03-01T00:00:00Z', i);
    const res = await api.call('GET', '/companies/dashboard/statistic', {
      token: world.tokens.COMPANY_ADMIN,
    });
    expect(res.body.data.topProducts.map((p: { scans: number }) => p.scans)).toEqual([7, 6, 5, 4, 3]);
  });

  const EXPECTED = {
    SUPER_ADMIN: 200,
    COMPANY_ADMIN: 200,
    EMPLOYEE: 200,
    MODERATOR: 403,
    USER: 403,
    none: 401,
  } as const;
  for (const who of ROLES_AND_VISITOR) {
    it(`[${who}][REST][statistics]: GET /companies/dashboard/statistic is ${EXPECTED[who]}`, async () => {
      const api = await createTestApi();
      const world = await createWorld(api.deps);
      const res = await api.call('GET', '/companies/dashboard/statistic', { token: tokenOf(world, who) });
      expect(res.status).toBe(EXPECTED[who]);
      expect(res.body.statusCode).toBe(EXPECTED[who]);
    });
  }
});

describe('[REST][statistics] general figures', () => {
  const EXPECTED = {
    SUPER_ADMIN: 200,
    MODERATOR: 200,
    COMPANY_ADMIN: 403,
    EMPLOYEE: 403,
    USER: 403,
    none: 401,
  } as const;
  for (const who of ROLES_AND_VISITOR) {
    it(`[${who}][REST][statistics]: GET /statistics/general is ${EXPECTED[who]}`, async () => {
      const api = await createTestApi();
      const world = await createWorld(api.deps);
      await seed(api.deps, world);
      const res = await api.call('GET', '/statistics/general', { token: tokenOf(world, who) });
      expect(res.status).toBe(EXPECTED[who]);
      if (EXPECTED[who] === 200) {
        // 8 accounts in the world; products and scans of both companies.
        expect(res.body.data).toMatchObject({
          totalUsers: 8,
          totalCompanies: 2,
          totalProducts: 4,
          totalScans: 13,
        });
        expect(res.body.data.scansByDay.at(-1)).toEqual({ date: '2025-03-10', count: 8 });
      }
    });
  }

  it('[MODERATOR][router][statistics]: deleted accounts are not counted', async () => {
    const api = await createTestApi();
    const world = await createWorld(api.deps);
    await callerFor(api.deps, world.accounts.SUPER_ADMIN).users.delete({ id: world.staffA.id });
    const res = await callerFor(api.deps, world.accounts.MODERATOR).statistics.general();
    expect(res.totalUsers).toBe(7);
    expect(res.scansByDay).toHaveLength(30);
    await expect(callerFor(api.deps, world.accounts.MODERATOR).statistics.dashboard()).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
  });
});
