import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '#server/db/client.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import type { SerialVerdictView } from '#shared/serial-verdict-banner.ts';
import { isSerialShaped } from '#shared/serials.ts';
import { lotFactsOf, linkMatches, productLineOf, recentOpensOf } from './item-facts.ts';
import { type FoundSerial, findSerial, type ItemState, itemStateColumns, ofItem } from './lookup.ts';
import {
  browserKey,
  DEFAULT_SUSPECT_THRESHOLD,
  notIssued,
  OPEN_DEDUP_MS,
  type OpenRequest,
  opensUncounted,
  SERIAL_OPENS_KEPT_MS,
  verdictOf,
} from './verdict-rules.ts';

export type { SerialVerdictView, SuspectReason } from '#shared/serial-verdict-banner.ts';
export { browserKey, isBot, type OpenPlace, type OpenRequest, placeOf } from './verdict-rules.ts';

/**
 * The genuine-or-fake verdict of a serialized code (issue 32, decision 206), and the counting of its opens;
 * the rules themselves are verdict-rules.ts.
 *
 * An open counts once per browser per 10 minutes; the company's own signed-in members and bots never
 * count. Two ways to count, one set of rules:
 * - **Kept items** (decision 230, the server's way: SERIAL_FLUSH_MS > 0): the item's state is kept in
 *   memory (deps.serialItems, kept-items.ts), an open is applied to it at once and written with others a
 *   moment later. An open that brings the phone's position (the page's consent button) writes through the
 *   database's way below, after the buffer is written.
 * - **The database's way** (SERIAL_FLUSH_MS=0, the tests' default): each counted open is one transaction
 *   that first locks the item's state row (an UPDATE of it), so parallel opens of one item are serialised
 *   on both engines: 20 browsers at once count 20, one browser 20 times at once counts 1.
 */

/** The share of counted opens that also sweep every item's old opens (an indexed range delete). */
const OPENS_SWEEP_CHANCE = 0.01;

export async function suspectThreshold(db: Db | Executor, companyId: number): Promise<number> {
  const { serialSettings } = db.tables;
  const [row] = await db
    .select({ t: serialSettings.suspectThreshold })
    .from(serialSettings)
    .where(eq(serialSettings.companyId, companyId))
    .limit(1);
  return row?.t ?? DEFAULT_SUSPECT_THRESHOLD;
}

/** The verdict from the database: the item's lot and recent opens read, then the rules. */
async function viewOf(
  db: Db | Executor,
  serial: string,
  found: FoundSerial,
  state: ItemState | null,
  now: number,
  firstIsThisBrowser: boolean,
): Promise<SerialVerdictView> {
  const lot = found.voided || found.batch.voidedAt ? null : await lotFactsOf(db, found.batch.lotId);
  const recent = state?.count ? await recentOpensOf(db, found, now) : [];
  return verdictOf(serial, found, state, { recall: lot?.recall ?? null, recent }, now, firstIsThisBrowser);
}

/** GET /api/serials/{serial}: the verdict as it stands; reading it counts nothing. */
export async function readVerdict(
  deps: Pick<AppDeps, 'db' | 'serialItems'>,
  serial: string,
): Promise<SerialVerdictView> {
  if (!isSerialShaped(serial)) return notIssued(serial);
  if (deps.serialItems.buffered) return deps.serialItems.read(serial);
  const found = await findSerial(deps.db, serial);
  if (!found) return notIssued(serial);
  return viewOf(deps.db, serial, found, found.state, Date.now(), false);
}

/**
 * An item's page opened: counted when it may be (not a bot, not the company's member, not this browser in
 * the last 10 minutes, not voided or not issued), then its verdict.
 */
export async function openSerial(
  deps: Pick<AppDeps, 'db' | 'serialItems'>,
  open: OpenRequest,
): Promise<SerialVerdictView> {
  if (!isSerialShaped(open.serial)) return notIssued(open.serial);
  if (!deps.serialItems.buffered) return openInDatabase(deps, open);
  // The phone's position, shared after the page counted the open, corrects that open's row: written
  // through, after the opens still buffered, and the kept item read again.
  if (!open.approximate) return deps.serialItems.writeThrough(open.serial, () => openInDatabase(deps, open));
  return deps.serialItems.open(open);
}

/** An open counted by the database's way (one transaction, the item's row locked). */
export async function openInDatabase(
  deps: Pick<AppDeps, 'db'>,
  open: OpenRequest,
): Promise<SerialVerdictView> {
  const { serial } = open;
  const found = await findSerial(deps.db, serial);
  if (!found) return notIssued(serial);
  if (open.link) {
    const [product, lot] = [
      await productLineOf(deps.db, found.batch.productId),
      await lotFactsOf(deps.db, found.batch.lotId),
    ];
    if (!linkMatches(product, lot, open.link)) return notIssued(serial);
  }
  if (opensUncounted(found, open)) return viewOf(deps.db, serial, found, found.state, Date.now(), false);
  const browser = browserKey(serial, open.browserId);
  const view = await transaction(deps.db, async (tx) => {
    const now = Date.now();
    const { serialStates, serialOpens } = tx.tables;
    // The item's state row, made on its first open, and the lock: an upsert that touches the row, so every
    // open of this item waits here for the one before it to commit (PostgreSQL's row lock; SQLite's one
    // writer already does). One statement for both (bench/RESULTS.md).
    const stateColumns = itemStateColumns(tx);
    const [locked] = await tx
      .insert(serialStates)
      .values({ batchId: found.batch.id, seq: found.seq, companyId: found.batch.companyId })
      .onConflictDoUpdate({
        target: [serialStates.batchId, serialStates.seq],
        set: { count: sql`${serialStates.count}` },
      })
      .returning(stateColumns);
    const [again] = await tx
      .select({ id: serialOpens.id, at: serialOpens.at })
      .from(serialOpens)
      .where(
        and(
          ofItem(serialOpens, found),
          eq(serialOpens.browser, browser),
          gt(serialOpens.at, new Date(now - OPEN_DEDUP_MS)),
        ),
      )
      .limit(1);
    let state: ItemState | null = locked ?? null;
    if (!again) {
      // This item's old opens, under its own lock: no two items' opens wait on each other's deletes.
      await tx
        .delete(serialOpens)
        .where(and(ofItem(serialOpens, found), lt(serialOpens.at, new Date(now - SERIAL_OPENS_KEPT_MS))));
      await tx.insert(serialOpens).values({
        batchId: found.batch.id,
        seq: found.seq,
        companyId: found.batch.companyId,
        browser,
        province: open.province,
        provinceApproximate: open.approximate,
        at: new Date(now),
      });
      const [counted] = await tx
        .update(serialStates)
        .set({ count: sql`${serialStates.count} + 1` })
        .where(ofItem(serialStates, found))
        .returning(stateColumns);
      state = counted ?? null;
    }
    if (again && !open.approximate && open.province) {
      // The visitor shared the phone's position after the page counted the open: that open's province
      // becomes the precise one (and the item's first province, when it was the first open).
      await tx
        .update(serialOpens)
        .set({ province: open.province, provinceApproximate: false })
        .where(eq(serialOpens.id, again.id));
      if (state && state.firstVerifiedAt?.getTime() === again.at.getTime()) {
        await tx
          .update(serialStates)
          .set({ firstProvince: open.province, firstProvinceApproximate: false })
          .where(ofItem(serialStates, found));
        state = { ...state, firstProvince: open.province, firstProvinceApproximate: false };
      }
    }
    if (state && !again && state.firstVerifiedAt === null) {
      await tx
        .update(serialStates)
        .set({
          firstVerifiedAt: new Date(now),
          firstProvince: open.province,
          firstProvinceApproximate: open.approximate,
        })
        .where(ofItem(serialStates, found));
      state = {
        ...state,
        firstVerifiedAt: new Date(now),
        firstProvince: open.province,
        firstProvinceApproximate: open.approximate,
      };
    }
    const view = await viewOf(tx, serial, found, state, now, Boolean(again) || state?.count === 1);
    if (view.verdict === 'SUSPECT' && !again) {
      await tx
        .update(serialStates)
        .set({ suspectAt: new Date(now), suspectReason: view.suspectReason })
        .where(ofItem(serialStates, found));
    }
    return view;
  });
  // Now and then, every item's old opens: items never opened again must not keep theirs for ever.
  if (Math.random() < OPENS_SWEEP_CHANCE) {
    const { serialOpens } = deps.db.tables;
    await deps.db.delete(serialOpens).where(lt(serialOpens.at, new Date(Date.now() - SERIAL_OPENS_KEPT_MS)));
  }
  return view;
}

/**
 * Whether an item's Digital Link is this app's to judge (decision 206): a serial of our shape, or any serial
 * under the GTIN of a product that has serialized codes (then a code of another shape is a fake too). A
 * product without them keeps the GS1 resolver's answer for its /21/ paths, as before serials.
 */
export async function judgesSerialLink(
  deps: Pick<AppDeps, 'db'>,
  gtin: string,
  serial: string,
): Promise<boolean> {
  if (isSerialShaped(serial)) return true;
  const { products, serialBatches } = deps.db.tables;
  const [row] = await deps.db
    .select({ id: serialBatches.id })
    .from(products)
    .innerJoin(serialBatches, eq(serialBatches.productId, products.id))
    .where(eq(products.gtin, gtin))
    .limit(1);
  return row !== undefined;
}
