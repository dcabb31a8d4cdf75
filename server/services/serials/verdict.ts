import { createHash } from 'node:crypto';
import { and, asc, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Executor } from '#server/db/client.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { deviceClass } from '#server/services/scans/device.ts';
import { nearestProvince, provinceDistanceKm } from '#shared/province-centres.ts';
import type { SerialVerdictView, SuspectReason, VerdictRecall } from '#shared/serial-verdict-banner.ts';
import { isSerialShaped } from '#shared/serials.ts';

export type { SerialVerdictView, SuspectReason };

import { type FoundSerial, findSerial, type ItemState, itemStateColumns, ofItem } from './lookup.ts';

/**
 * The genuine-or-fake verdict of a serialized code (issue 32, decision 206), and the counting of its opens.
 *
 * Verdicts, first that applies: NOT_ISSUED (no such serial: never the product's page, whatever the GTIN in
 * the address), VOID (its batch or a range holding it voided), RECALLED (its lot recalled, or made from a
 * recalled lot), SUSPECT (counted more than the company's threshold, or 3 opens in 24 hours, or two
 * provinces far apart within 2 hours), FIRST (nobody counted before, or only this browser), SEEN.
 *
 * An open counts once per browser per 10 minutes; the company's own signed-in members and bots never
 * count. Counting runs in one transaction that first locks the item's state row (an UPDATE of it), so
 * parallel opens of one item are serialised on both engines: 20 browsers at once count 20, one browser 20
 * times at once counts 1.
 */

export const OPEN_DEDUP_MS = 10 * 60_000;
export const BURST_WINDOW_MS = 24 * 3600_000;
export const BURST_OPENS = 3;
export const FAR_WINDOW_MS = 2 * 3600_000;
export const FAR_KM = 300;
export const DEFAULT_SUSPECT_THRESHOLD = 5;
/** Opens older than this are deleted as new ones come: the dashboard's provinces read this far back. */
export const SERIAL_OPENS_KEPT_MS = 30 * 24 * 3600_000;
/** The share of counted opens that also sweep every item's old opens (an indexed range delete). */
const OPENS_SWEEP_CHANCE = 0.01;

/** Where the visitor is, as far as we keep it: a province or nothing, and whether from the network. */
export interface OpenPlace {
  province: string | null;
  approximate: boolean;
}

export interface OpenRequest extends OpenPlace {
  serial: string;
  /** The random first-party cookie's value; hashed with the item before it is stored. */
  browserId: string;
  userAgent: string;
  /** The signed-in caller's company, when there is one: its members do not count. */
  viewerCompanyId: number | null;
  /**
   * What a Digital Link's address said besides the serial: its GTIN, and its lot when it had one. An
   * item's serial under another GTIN or lot is not that item: NOT_ISSUED, and not counted.
   */
  link?: { gtin: string; lot?: string };
  /** A request that shows nothing to anyone (HEAD): judged, never counted. */
  readOnly?: boolean;
}

/** Whether the Digital Link's GTIN (and lot) are the item's product's and batch's lot's. */
async function linkMatches(db: Db, found: Found, link: { gtin: string; lot?: string }): Promise<boolean> {
  const { products, lots } = db.tables;
  const [product] = await db
    .select({ gtin: products.gtin })
    .from(products)
    .where(eq(products.id, found.batch.productId))
    .limit(1);
  if (!product?.gtin || product.gtin !== link.gtin) return false;
  if (link.lot === undefined) return true;
  if (found.batch.lotId === null) return false;
  const [lot] = await db
    .select({ code: lots.code })
    .from(lots)
    .where(eq(lots.id, found.batch.lotId))
    .limit(1);
  return lot?.code === link.lot;
}

/**
 * Where an open happened, as kept (decision 207): the phone's position when the visitor shared it, mapped at
 * once to the nearest province centre and dropped; else the province a trusted proxy named (approximate);
 * else unknown.
 */
export function placeOf(networkProvince: string | undefined, lat?: number, lon?: number): OpenPlace {
  if (lat !== undefined && lon !== undefined) {
    const province = nearestProvince(lat, lon);
    if (province) return { province, approximate: false };
  }
  return { province: networkProvince ?? null, approximate: true };
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The browser as stored: hashed with the item, so the same browser cannot be followed from item to item. */
export function browserKey(serial: string, browserId: string): string {
  return createHash('sha256').update(`${serial}:${browserId}`).digest('base64url').slice(0, 22);
}

/** The project's bot test (a scan event's "other" device: crawlers, scripts, no User-Agent at all). */
export const isBot = (userAgent: string) => deviceClass(userAgent) === 'other';

type Found = FoundSerial;

function notIssued(serial: string): SerialVerdictView {
  return {
    verdict: 'NOT_ISSUED',
    serial,
    firstVerifiedAt: null,
    firstProvince: null,
    firstProvinceApproximate: false,
    count: 0,
    activatedAt: null,
    suspectReason: null,
    withPin: false,
    productId: null,
    lotId: null,
    recall: null,
  };
}

async function recallOf(db: Db | Executor, lotId: number | null): Promise<VerdictRecall | null> {
  if (lotId === null) return null;
  const { lots } = db.tables;
  const [lot] = await db
    .select({
      code: lots.code,
      recalledAt: lots.recalledAt,
      recallReason: lots.recallReason,
      inputRecallCode: lots.inputRecallCode,
      inputRecallReason: lots.inputRecallReason,
    })
    .from(lots)
    .where(eq(lots.id, lotId))
    .limit(1);
  if (!lot) return null;
  if (lot.recalledAt)
    return {
      lotCode: lot.code,
      reason: lot.recallReason,
      recalledAt: iso(lot.recalledAt),
      inputLotCode: null,
    };
  if (lot.inputRecallCode)
    return {
      lotCode: lot.code,
      reason: lot.inputRecallReason,
      recalledAt: null,
      inputLotCode: lot.inputRecallCode,
    };
  return null;
}

export async function suspectThreshold(db: Db | Executor, companyId: number): Promise<number> {
  const { serialSettings } = db.tables;
  const [row] = await db
    .select({ t: serialSettings.suspectThreshold })
    .from(serialSettings)
    .where(eq(serialSettings.companyId, companyId))
    .limit(1);
  return row?.t ?? DEFAULT_SUSPECT_THRESHOLD;
}

type StateRow = ItemState;

/** Which suspect rule the item's recent opens and count break, if any. */
async function suspectRule(
  db: Db | Executor,
  found: Found,
  count: number,
  threshold: number,
  now: number,
): Promise<SuspectReason | null> {
  if (count > threshold) return 'COUNT';
  const { serialOpens } = db.tables;
  const recent = await db
    .select({ province: serialOpens.province, at: serialOpens.at })
    .from(serialOpens)
    .where(and(ofItem(serialOpens, found), gt(serialOpens.at, new Date(now - BURST_WINDOW_MS))))
    .orderBy(asc(serialOpens.at))
    // Bounded: the rules need no more than the last day's opens, and a storm of them is suspect already.
    .limit(200);
  if (recent.length >= BURST_OPENS) return 'BURST';
  const lately = recent.filter((o) => o.province && o.at.getTime() > now - FAR_WINDOW_MS);
  for (const [i, a] of lately.entries()) {
    for (const b of lately.slice(i + 1)) {
      if (Math.abs(a.at.getTime() - b.at.getTime()) > FAR_WINDOW_MS) continue;
      const km = provinceDistanceKm(a.province as string, b.province as string);
      if (km !== null && km > FAR_KM) return 'FAR';
    }
  }
  return null;
}

async function viewOf(
  db: Db | Executor,
  serial: string,
  found: Found,
  state: StateRow | null,
  now: number,
  firstIsThisBrowser: boolean,
): Promise<SerialVerdictView> {
  const base = {
    serial,
    firstVerifiedAt: iso(state?.firstVerifiedAt),
    firstProvince: state?.firstProvince ?? null,
    firstProvinceApproximate: state?.firstProvinceApproximate ?? false,
    count: state?.count ?? 0,
    activatedAt: iso(state?.activatedAt),
    withPin: found.batch.withPin,
    productId: found.batch.productId,
    lotId: found.batch.lotId,
    suspectReason: null,
    recall: null,
  };
  if (found.voided || found.batch.voidedAt) return { ...base, verdict: 'VOID' };
  const recall = await recallOf(db, found.batch.lotId);
  if (recall) return { ...base, verdict: 'RECALLED', recall };
  const count = state?.count ?? 0;
  const threshold = found.threshold ?? DEFAULT_SUSPECT_THRESHOLD;
  const reason = count > 0 ? await suspectRule(db, found, count, threshold, now) : null;
  if (reason) return { ...base, verdict: 'SUSPECT', suspectReason: reason };
  if (count === 0 || (count === 1 && firstIsThisBrowser)) return { ...base, verdict: 'FIRST' };
  return { ...base, verdict: 'SEEN' };
}

/** GET /api/serials/{serial}: the verdict as it stands; reading it counts nothing. */
export async function readVerdict(deps: Pick<AppDeps, 'db'>, serial: string): Promise<SerialVerdictView> {
  if (!isSerialShaped(serial)) return notIssued(serial);
  const found = await findSerial(deps.db, serial);
  if (!found) return notIssued(serial);
  return viewOf(deps.db, serial, found, found.state, Date.now(), false);
}

/**
 * An item's page opened: counted when it may be (not a bot, not the company's member, not this browser in
 * the last 10 minutes, not voided or not issued), then its verdict.
 */
export async function openSerial(deps: Pick<AppDeps, 'db'>, open: OpenRequest): Promise<SerialVerdictView> {
  const { serial } = open;
  if (!isSerialShaped(serial)) return notIssued(serial);
  const found = await findSerial(deps.db, serial);
  if (!found || (open.link && !(await linkMatches(deps.db, found, open.link)))) return notIssued(serial);
  const uncounted =
    open.readOnly === true ||
    found.voided ||
    found.batch.voidedAt !== null ||
    isBot(open.userAgent) ||
    open.viewerCompanyId === found.batch.companyId;
  if (uncounted) return viewOf(deps.db, serial, found, found.state, Date.now(), false);
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
    let state: StateRow | null = locked ?? null;
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
