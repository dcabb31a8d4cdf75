import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { insertProductRecord } from '#server/services/products/records.ts';
import { nameSortOf } from '#shared/sort-key.ts';

export interface LotGraph {
  /** Every lot's id, level by level: `levels[0]` holds the one raw lot everything is made from. */
  levels: number[][];
  customerId: number;
  lotCount: number;
  linkCount: number;
}

/** A small deterministic generator (mulberry32): the same graph on every run and on both engines. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A company's transformation graph of `lotCount` lots for the trace's time bound (decision 202): one raw lot,
 * then `levels - 1` levels of equal size, each lot made from `inputsPerLot` lots of the level above (so one
 * recall of the raw lot reaches every lot), and every lot of the last level shipped to one customer. Written
 * in slices of 500 rows per statement, in one transaction.
 */
export async function buildLotGraph(
  deps: AppDeps,
  companyId: number,
  options: { lotCount: number; levels: number; inputsPerLot: number; seed?: number },
): Promise<LotGraph> {
  const { lotInputs, lotShipments, lots, partners } = deps.db.tables;
  const next = random(options.seed ?? 31);
  const perLevel = Math.ceil((options.lotCount - 1) / (options.levels - 1));
  return transaction(deps.db, async (tx) => {
    const [customer] = await tx
      .insert(partners)
      .values({ companyId, name: 'Khách hàng thử', nameSort: nameSortOf('Khách hàng thử'), kind: 'CUSTOMER' })
      .returning({ id: partners.id });
    const levels: number[][] = [];
    let made = 0;
    let links = 0;
    for (let level = 0; level < options.levels && made < options.lotCount; level++) {
      const product = await insertProductRecord(tx, companyId, { name: `Bán thành phẩm ${level}` }, []);
      const size = level === 0 ? 1 : Math.min(perLevel, options.lotCount - made);
      const ids: number[] = [];
      for (let at = 0; at < size; at += 500) {
        const rows = await tx
          .insert(lots)
          .values(
            Array.from({ length: Math.min(500, size - at) }, (_, i) => ({
              companyId,
              productId: product.id,
              code: `L${level}-${at + i}`,
              quantity: 100,
              unit: 'kg',
            })),
          )
          .returning({ id: lots.id });
        ids.push(...rows.map((r) => r.id));
      }
      made += ids.length;
      if (level > 0) {
        const above = levels[level - 1] as number[];
        const values = ids.flatMap((lotId) => {
          const picked = new Set<number>();
          while (picked.size < Math.min(options.inputsPerLot, above.length))
            picked.add(above[Math.floor(next() * above.length)] as number);
          return [...picked].map((inputLotId) => ({
            companyId,
            lotId,
            inputLotId,
            quantity: '10',
            unit: 'KGM',
          }));
        });
        for (let at = 0; at < values.length; at += 500)
          await tx.insert(lotInputs).values(values.slice(at, at + 500));
        links += values.length;
      }
      levels.push(ids);
    }
    const last = levels.at(-1) as number[];
    const shipments = last.map((lotId) => ({
      companyId,
      lotId,
      partnerId: customer!.id,
      quantity: '50',
      unit: 'KGM',
      date: '2024-06-01',
    }));
    for (let at = 0; at < shipments.length; at += 500)
      await tx.insert(lotShipments).values(shipments.slice(at, at + 500));
    return { levels, customerId: customer!.id, lotCount: made, linkCount: links };
  });
}
