/**
 * A visitor's scan history, kept on the phone under 'scanned-qrs' until they sign in: newest first,
 * one entry per product (a new scan moves it to the top), at most SCAN_LOG_MERGE_MAX entries (what the
 * server's merge takes in one call). Read defensively: anything malformed in storage is dropped.
 */
import { SCAN_LOG_MERGE_MAX, STORAGE_KEYS } from '#shared/constants.ts';
import { readJson, writeJson } from '#client/lib/storage.ts';
import { isLocalNames, type LocalNames } from './local-names.ts';

/** The lot a scan named (a lot's code or Digital Link), with its recall as the scan showed it. */
export interface GuestScanLot {
  id: number;
  code: string;
  recalled: boolean;
}

export interface GuestScan {
  productId: number;
  name: string;
  image: string | null;
  companyName: string;
  /** Absent in entries kept before lots were kept. */
  lot?: GuestScanLot | null;
  /** The names in the languages the company publishes, as the scan resolved them (absent: none, or older entries). */
  names?: LocalNames;
  /** ISO date-time */
  scannedAt: string;
}

function isGuestScanLot(v: unknown): v is GuestScanLot {
  const l = v as Partial<GuestScanLot> | null;
  return (
    !!l &&
    typeof l === 'object' &&
    Number.isInteger(l.id) &&
    (l.id ?? 0) > 0 &&
    typeof l.code === 'string' &&
    typeof l.recalled === 'boolean'
  );
}

export const GUEST_HISTORY_MAX = SCAN_LOG_MERGE_MAX;

function isGuestScan(v: unknown): v is GuestScan {
  const e = v as Partial<GuestScan> | null;
  return (
    !!e &&
    typeof e === 'object' &&
    Number.isInteger(e.productId) &&
    (e.productId ?? 0) > 0 &&
    typeof e.name === 'string' &&
    (e.image === null || typeof e.image === 'string') &&
    typeof e.companyName === 'string' &&
    (e.lot === undefined || e.lot === null || isGuestScanLot(e.lot)) &&
    (e.names === undefined || isLocalNames(e.names)) &&
    typeof e.scannedAt === 'string' &&
    !Number.isNaN(Date.parse(e.scannedAt))
  );
}

export function readGuestHistory(): GuestScan[] {
  const raw = readJson<unknown>(STORAGE_KEYS.scannedQrs);
  return Array.isArray(raw) ? raw.filter(isGuestScan).slice(0, GUEST_HISTORY_MAX) : [];
}

/**
 * Puts `entry` on top (replacing an older entry of the same product) and keeps the newest MAX. A scan of
 * the product's own code keeps the lot the older entry had, as the account's history does.
 */
export function withScan(list: readonly GuestScan[], entry: GuestScan): GuestScan[] {
  const older = list.find((e) => e.productId === entry.productId);
  const lot = entry.lot ?? older?.lot ?? null;
  return [{ ...entry, lot }, ...list.filter((e) => e.productId !== entry.productId)].slice(
    0,
    GUEST_HISTORY_MAX,
  );
}

export function addGuestScan(entry: Omit<GuestScan, 'scannedAt'>, now = new Date()): GuestScan[] {
  const next = withScan(readGuestHistory(), { ...entry, scannedAt: now.toISOString() });
  writeJson(STORAGE_KEYS.scannedQrs, next);
  return next;
}

/**
 * The body of scanLogs.merge (POST /auth/scan-logs): product ids newest first and the lots their scans
 * named, or null when nothing to merge.
 */
export function mergePayload(
  list: readonly GuestScan[],
): { productIds: number[]; lots: Array<{ productId: number; lotId: number }> } | null {
  if (!list.length) return null;
  const productIds = [...new Set(list.map((e) => e.productId))].slice(0, GUEST_HISTORY_MAX);
  const lots = list.flatMap((e) => (e.lot ? [{ productId: e.productId, lotId: e.lot.id }] : []));
  return { productIds, lots: lots.slice(0, GUEST_HISTORY_MAX) };
}

export function clearGuestHistory(): void {
  writeJson(STORAGE_KEYS.scannedQrs, []);
}
