import { eq } from 'drizzle-orm';
import type { Executor } from '#server/db/client.ts';
import { inIds } from '#server/db/lot-graph.ts';
import type { Tables } from '#server/db/schema/index.ts';

/** What the supply-chain answers show of a lot: its code, product and status. */
export interface LotFact {
  id: number;
  companyId: number;
  code: string;
  productId: number;
  productName: string;
  recalledAt: Date | null;
  recallReason: string | null;
  heldAt: Date | null;
  holdReason: string | null;
}

export type LotStatus = 'RECALLED' | 'HELD' | 'OK';

/** A recall outranks a hold: a recalled lot is out for good, a held one waits for a check. */
export const lotStatus = (f: Pick<LotFact, 'recalledAt' | 'heldAt'>): LotStatus =>
  f.recalledAt ? 'RECALLED' : f.heldAt ? 'HELD' : 'OK';

/** The lot as a trace, a scope or a lot page lists it. */
export const lotSummary = (f: LotFact) => ({
  id: f.id,
  code: f.code,
  productId: f.productId,
  productName: f.productName,
  status: lotStatus(f),
  recallReason: f.recallReason,
  holdReason: f.holdReason,
});
export type LotSummary = ReturnType<typeof lotSummary>;

/** The columns of a lot's facts, read from the lots joined to their products. */
export const lotFactColumns = ({ lots, products }: Pick<Tables, 'lots' | 'products'>) => ({
  id: lots.id,
  companyId: lots.companyId,
  code: lots.code,
  productId: lots.productId,
  productName: products.name,
  recalledAt: lots.recalledAt,
  recallReason: lots.recallReason,
  heldAt: lots.heldAt,
  holdReason: lots.holdReason,
});

/** The facts of some lots, by id, in one statement however many (a trace may name thousands). */
export async function lotFacts(db: Executor, ids: readonly number[]): Promise<Map<number, LotFact>> {
  const { lots, products } = db.tables;
  const facts = new Map<number, LotFact>();
  if (!ids.length) return facts;
  {
    const rows = await db
      .select(lotFactColumns(db.tables))
      .from(lots)
      .innerJoin(products, eq(products.id, lots.productId))
      .where(inIds(lots.id, [...new Set(ids)]));
    for (const r of rows) facts.set(r.id, r);
  }
  return facts;
}
