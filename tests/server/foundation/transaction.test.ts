import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createDb } from '#server/db/client.ts';
import { transaction } from '#server/db/transaction.ts';
import { tables } from '#tests/helpers/deps.ts';

const { documents } = tables;

/** One document row whose version the tests count with: what a read-then-write service does. */
async function setup() {
  const { db } = createDb(':memory:');
  const [row] = await db
    .insert(documents)
    .values({ key: 'termsAndServices', title: 'Điều khoản' })
    .returning();
  const versionOf = async () =>
    (await db.select().from(documents).where(eq(documents.id, row!.id)))[0]!.version;
  const bump = () =>
    transaction(db, async (tx) => {
      const [current] = await tx.select().from(documents).where(eq(documents.id, row!.id));
      await tx
        .update(documents)
        .set({ version: current!.version + 1 })
        .where(eq(documents.id, row!.id));
    });
  return { db, id: row!.id, versionOf, bump };
}

describe('transaction() on SQLite (decision 150)', () => {
  it('commits what the body wrote', async () => {
    const { versionOf, bump } = await setup();
    await bump();
    expect(await versionOf()).toBe(2);
  });

  it('rolls back every statement when the body throws, and the error reaches the caller', async () => {
    const { db, id, versionOf } = await setup();
    await expect(
      transaction(db, async (tx) => {
        await tx.update(documents).set({ version: 9 }).where(eq(documents.id, id));
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await versionOf()).toBe(1);
  });

  it('runs bodies started together one after the other: no read-then-write is lost', async () => {
    const { versionOf, bump } = await setup();
    await Promise.all(Array.from({ length: 20 }, bump));
    expect(await versionOf()).toBe(21);
  });

  it('a nested call joins the outer transaction and rolls back with it', async () => {
    const { db, id, versionOf } = await setup();
    await expect(
      transaction(db, async (tx) => {
        await transaction(tx, async (inner) => {
          await inner.update(documents).set({ version: 5 }).where(eq(documents.id, id));
        });
        throw new Error('outer refused');
      }),
    ).rejects.toThrow('outer refused');
    expect(await versionOf()).toBe(1);
  });

  it('refuses a body that awaits something other than the database, and keeps nothing of it', async () => {
    const { db, id, versionOf, bump } = await setup();
    await expect(
      transaction(db, async (tx) => {
        await tx.update(documents).set({ version: 7 }).where(eq(documents.id, id));
        await new Promise((resolve) => setTimeout(resolve, 5));
      }),
    ).rejects.toThrow('awaited something other than the database');
    expect(await versionOf()).toBe(1);
    // The queue goes on after a refused body.
    await bump();
    expect(await versionOf()).toBe(2);
  });
});
