/** Fields every EPCIS event the app writes shares: its time in Vietnam time, a GLN as a location. */
import { VIETNAM_UTC_OFFSET as VIETNAM_OFFSET, VIETNAM_OFFSET_MS } from '#shared/vietnam-time.ts';

/** A step's date (a calendar date or an ISO date-time) as an EPCIS eventTime in Vietnam time. */
export function vietnamEventTime(date: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2})(?::(\d{2}))?(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(
    date.trim(),
  );
  if (m && !m[4]) return `${m[1]}T${m[2] ?? '00:00'}:${m[3] ?? '00'}${VIETNAM_OFFSET}`;
  const ms = Date.parse(date);
  if (Number.isNaN(ms)) throw new RangeError(`not a date: ${date}`);
  return `${new Date(ms + VIETNAM_OFFSET_MS).toISOString().slice(0, 19)}${VIETNAM_OFFSET}`;
}

/** A GLN as a location identifier in the canonical Digital Link form EPCIS 2.0 uses. */
export function glnLocation(gln: string): string {
  return `https://id.gs1.org/414/${gln}`;
}
