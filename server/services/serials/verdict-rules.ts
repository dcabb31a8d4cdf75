import { createHash } from 'node:crypto';
import { deviceClass } from '#server/services/scans/device.ts';
import { nearestProvince, provinceDistanceKm } from '#shared/province-centres.ts';
import type { SerialVerdictView, SuspectReason, VerdictRecall } from '#shared/serial-verdict-banner.ts';
import type { FoundSerial, ItemState } from './lookup.ts';

/**
 * The rules of a serialized code's verdict (issue 32, decision 206), as pure functions of what is known of
 * the item: the one definition that both the database's path (verdict.ts) and the kept items' path
 * (kept-items.ts, decision 230) judge with.
 *
 * Verdicts, first that applies: NOT_ISSUED (no such serial: never the product's page, whatever the GTIN in
 * the address), VOID (its batch or a range holding it voided), RECALLED (its lot recalled, or made from a
 * recalled lot), SUSPECT (counted more than the company's threshold, or 3 opens in 24 hours, or two
 * provinces far apart within 2 hours), FIRST (nobody counted before, or only this browser), SEEN.
 */

export const OPEN_DEDUP_MS = 10 * 60_000;
export const BURST_WINDOW_MS = 24 * 3600_000;
export const BURST_OPENS = 3;
export const FAR_WINDOW_MS = 2 * 3600_000;
export const FAR_KM = 300;
export const DEFAULT_SUSPECT_THRESHOLD = 5;
/** Opens older than this are deleted as new ones come: the dashboard's provinces read this far back. */
export const SERIAL_OPENS_KEPT_MS = 30 * 24 * 3600_000;
/**
 * The newest opens of the last day an item's verdict reads (its suspect rules, and whether this browser
 * opened it in the last 10 minutes). Bounded: an item opened more often than this in a day is suspect
 * already (3 opens in a day are), so a browser that comes back after this many other opens and is counted
 * again changes no verdict; and every kept item holds this many at most, so a storm's opens do not pile
 * up in memory (bench/RESULTS.md).
 */
export const RECENT_OPENS = 32;

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

/** One counted open as the rules read it: when, where, and which browser (hashed with the item). */
export interface RecentOpen {
  at: number;
  province: string | null;
  browser: string;
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

/** The browser as stored: hashed with the item, so the same browser cannot be followed from item to item. */
export function browserKey(serial: string, browserId: string): string {
  return createHash('sha256').update(`${serial}:${browserId}`).digest('base64url').slice(0, 22);
}

/** The project's bot test (a scan event's "other" device: crawlers, scripts, no User-Agent at all). */
export const isBot = (userAgent: string) => deviceClass(userAgent) === 'other';

/** Whether an open counts at all: not a HEAD, not a voided item, not a bot, not the company's own member. */
export const opensUncounted = (found: FoundSerial, open: OpenRequest): boolean =>
  open.readOnly === true ||
  found.voided ||
  found.batch.voidedAt !== null ||
  isBot(open.userAgent) ||
  open.viewerCompanyId === found.batch.companyId;

export function notIssued(serial: string): SerialVerdictView {
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

/** Which suspect rule the item's count and recent opens (oldest first) break, if any. */
export function suspectReasonOf(
  count: number,
  threshold: number,
  recent: readonly RecentOpen[],
  now: number,
): SuspectReason | null {
  if (count > threshold) return 'COUNT';
  const lastDay = recent.filter((o) => o.at > now - BURST_WINDOW_MS);
  if (lastDay.length >= BURST_OPENS) return 'BURST';
  const lately = lastDay.filter((o) => o.province && o.at > now - FAR_WINDOW_MS);
  for (const [i, a] of lately.entries()) {
    for (const b of lately.slice(i + 1)) {
      if (Math.abs(a.at - b.at) > FAR_WINDOW_MS) continue;
      const km = provinceDistanceKm(a.province as string, b.province as string);
      if (km !== null && km > FAR_KM) return 'FAR';
    }
  }
  return null;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** What the verdict reads of an item besides its state: its lot's recall and its recent opens. */
export interface ItemContext {
  recall: VerdictRecall | null;
  recent: readonly RecentOpen[];
}

/**
 * The verdict of an issued item from what is known of it. `firstIsThisBrowser`: the one counted open is
 * this browser's, so it still sees FIRST when it comes back.
 */
export function verdictOf(
  serial: string,
  found: FoundSerial,
  state: ItemState | null,
  context: ItemContext,
  now: number,
  firstIsThisBrowser: boolean,
): SerialVerdictView {
  const count = state?.count ?? 0;
  const base = {
    serial,
    firstVerifiedAt: iso(state?.firstVerifiedAt),
    firstProvince: state?.firstProvince ?? null,
    firstProvinceApproximate: state?.firstProvinceApproximate ?? false,
    count,
    activatedAt: iso(state?.activatedAt),
    withPin: found.batch.withPin,
    productId: found.batch.productId,
    lotId: found.batch.lotId,
    suspectReason: null,
    recall: null,
  };
  if (found.voided || found.batch.voidedAt) return { ...base, verdict: 'VOID' };
  if (context.recall) return { ...base, verdict: 'RECALLED', recall: context.recall };
  const threshold = found.threshold ?? DEFAULT_SUSPECT_THRESHOLD;
  const reason = count > 0 ? suspectReasonOf(count, threshold, context.recent, now) : null;
  if (reason) return { ...base, verdict: 'SUSPECT', suspectReason: reason };
  if (count === 0 || (count === 1 && firstIsThisBrowser)) return { ...base, verdict: 'FIRST' };
  return { ...base, verdict: 'SEEN' };
}
