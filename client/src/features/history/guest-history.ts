/**
 * A visitor's scan history, kept on the phone under 'scanned-qrs' until they sign in: newest first,
 * one entry per product (a new scan moves it to the top), at most SCAN_LOG_MERGE_MAX entries (what the
 * server's merge takes in one call). Read defensively: anything malformed in storage is dropped.
 */
import { SCAN_LOG_MERGE_MAX, STORAGE_KEYS } from '#shared/constants.ts';
import { readJson, writeJson } from '#client/lib/storage.ts';

export interface GuestScan {
  productId: number;
  name: string;
  image: string | null;
  companyName: string;
  /** ISO date-time */
  scannedAt: string;
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
    typeof e.scannedAt === 'string' &&
    !Number.isNaN(Date.parse(e.scannedAt))
  );
}

export function readGuestHistory(): GuestScan[] {
  const raw = readJson<unknown>(STORAGE_KEYS.scannedQrs);
  return Array.isArray(raw) ? raw.filter(isGuestScan).slice(0, GUEST_HISTORY_MAX) : [];
}

/** Puts `entry` on top (replacing an older entry of the same product) and keeps the newest MAX. */
export function withScan(list: readonly GuestScan[], entry: GuestScan): GuestScan[] {
  return [entry, ...list.filter((e) => e.productId !== entry.productId)].slice(0, GUEST_HISTORY_MAX);
}

export function addGuestScan(entry: Omit<GuestScan, 'scannedAt'>, now = new Date()): GuestScan[] {
  const next = withScan(readGuestHistory(), { ...entry, scannedAt: now.toISOString() });
  writeJson(STORAGE_KEYS.scannedQrs, next);
  return next;
}

/** The body of scanLogs.merge (POST /auth/scan-logs): product ids newest first, or null when nothing to merge. */
export function mergePayload(list: readonly GuestScan[]): { productIds: number[] } | null {
  if (!list.length) return null;
  return { productIds: [...new Set(list.map((e) => e.productId))].slice(0, GUEST_HISTORY_MAX) };
}

export function clearGuestHistory(): void {
  writeJson(STORAGE_KEYS.scannedQrs, []);
}
