/**
 * Codes read with no network (decision 122): kept on the phone under 'pending-scans' and looked up
 * when the network returns, so each becomes a real scan (the resolve records it) and enters the
 * history. Newest last, one per code, at most PENDING_MAX; read defensively like the history.
 */
import { STORAGE_KEYS } from '#shared/constants.ts';
import { readJson, writeJson } from '#client/lib/storage.ts';

export const PENDING_MAX = 50;

export function readPending(): string[] {
  const raw = readJson<unknown>(STORAGE_KEYS.pendingScans);
  return Array.isArray(raw)
    ? raw.filter((c): c is string => typeof c === 'string' && c.length > 0).slice(-PENDING_MAX)
    : [];
}

export function addPending(code: string): string[] {
  const next = [...readPending().filter((c) => c !== code), code].slice(-PENDING_MAX);
  writeJson(STORAGE_KEYS.pendingScans, next);
  return next;
}

export function removePending(code: string): string[] {
  const next = readPending().filter((c) => c !== code);
  writeJson(STORAGE_KEYS.pendingScans, next);
  return next;
}

/** No answer at all (not an HTTP error): the phone is offline or the line dropped. */
export function isOffline(status: number | null | undefined): boolean {
  return status === null || status === undefined || status === 0 || !navigator.onLine;
}
