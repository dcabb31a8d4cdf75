import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '#server/db/schema/index.ts';
import type { QueueTicket } from '#server/security/work-queue.ts';
import { KNOWN_ADDRESSES_MAX } from '#server/services/accounts/known-addresses.ts';
import { login } from '#server/services/accounts/login.ts';
import { createUser, TEST_PASSWORD } from '#tests/helpers/factories.ts';
import { createTestDeps, type TestDeps } from '#tests/helpers/deps.ts';

/**
 * Which lane of the hashing queue a sign-in waits in (decision 173): the reserved one only for an
 * account's owner at an address it signed in from, with no failure from there in the window.
 */
async function setUp() {
  const deps = await createTestDeps();
  const tickets: QueueTicket[] = [];
  const run = deps.limits.hashing.run.bind(deps.limits.hashing);
  deps.limits.hashing.run = (job, ticket) => {
    tickets.push(ticket ?? {});
    return run(job, ticket);
  };
  const user = await createUser(deps, { role: 'EMPLOYEE' });
  return { deps, tickets, user };
}

const signIn = (deps: TestDeps, ip: string, email: string, password = TEST_PASSWORD) =>
  login({ ...deps, req: { ip, requestId: 'test' } }, email, password).then(
    () => 'ok',
    (err) => err.code as string,
  );

/** The writes a sign-in leaves for after its answer. */
const settled = (deps: TestDeps) => deps.afterAnswerJobs?.settled();

describe('[USER][auth] the owner at a known address is served first when strangers fill the hashing queue', () => {
  it('only after a successful sign-in from an address does that address wait in the reserved lane', async () => {
    const { deps, tickets, user } = await setUp();
    expect(await signIn(deps, '198.51.100.1', user.email)).toBe('ok');
    await settled(deps);
    expect(await signIn(deps, '198.51.100.1', user.email.toUpperCase())).toBe('ok');
    expect(await signIn(deps, '198.51.100.2', user.email)).toBe('ok');
    expect(tickets).toEqual([
      { key: '198.51.100.1' },
      { key: user.email, reserved: true },
      { key: '198.51.100.2' },
    ]);
  });

  it('a failure from a known address sends it back to the ordinary lane for the window; an unknown e-mail never leaves it', async () => {
    const { deps, tickets, user } = await setUp();
    await signIn(deps, '198.51.100.1', user.email);
    await settled(deps);
    expect(await signIn(deps, '198.51.100.1', user.email, 'sai-mat-khau')).toBe('UNAUTHORIZED');
    expect(await signIn(deps, '198.51.100.1', user.email)).toBe('ok');
    expect(await signIn(deps, '198.51.100.1', 'khong-ai@example.com')).toBe('UNAUTHORIZED');
    expect(tickets.slice(1)).toEqual([
      { key: user.email, reserved: true },
      { key: '198.51.100.1' },
      { key: '198.51.100.1' },
    ]);
  });

  it(`keeps the last ${KNOWN_ADDRESSES_MAX} addresses, as keyed hashes, and the row's updatedAt as it was`, async () => {
    const { deps, tickets, user } = await setUp();
    const ips = Array.from({ length: KNOWN_ADDRESSES_MAX + 1 }, (_, i) => `192.0.2.${i + 1}`);
    for (const ip of ips) {
      expect(await signIn(deps, ip, user.email)).toBe('ok');
      await settled(deps);
    }
    const [row] = await deps.db.select().from(users).where(eq(users.id, user.id));
    const stored = row?.signInAddresses ?? '';
    expect(stored.split(' ')).toHaveLength(KNOWN_ADDRESSES_MAX);
    for (const ip of ips) expect(stored).not.toContain(ip);
    expect(row?.updatedAt.getTime()).toBe(user.updatedAt.getTime());
    tickets.length = 0;
    // The second address is still known; the first, pushed out by the sixth, is not.
    await signIn(deps, ips[1] as string, user.email);
    await signIn(deps, ips[0] as string, user.email);
    expect(tickets).toEqual([{ key: user.email, reserved: true }, { key: ips[0] }]);
  });
});
