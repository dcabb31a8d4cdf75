/**
 * Vietnam's calendar and clock (decision 186): every date that means a day in Vietnam (today's date in a
 * form, the statistics' days, a timeline date-time shown or edited as a day, an EPCIS event time) is read
 * here, on the server and in the browser alike, whatever the time zone of the machine or of the reader.
 * Before 07:00 in Vietnam, UTC is still on the day before: a day taken from toISOString() was yesterday.
 *
 * Vietnam keeps UTC+7 all year (Asia/Ho_Chi_Minh, no daylight saving since 1975), so a day is the UTC
 * day of the instant moved 7 hours on: exact, and cheaper than asking Intl for each date.
 * tests/server/foundation/vietnam-time.test.ts checks it against Intl's Asia/Ho_Chi_Minh.
 */
export const VIETNAM_TIME_ZONE = 'Asia/Ho_Chi_Minh';
export const VIETNAM_OFFSET_MS = 7 * 3_600_000;
/** The same offset as ISO 8601 writes it after a local time. */
export const VIETNAM_UTC_OFFSET = '+07:00';

const DAY_MS = 86_400_000;
const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The day in Vietnam (YYYY-MM-DD) at an instant, by default now. */
export function vietnamDay(at: Date | number = Date.now()): string {
  const ms = typeof at === 'number' ? at : at.getTime();
  return new Date(ms + VIETNAM_OFFSET_MS).toISOString().slice(0, 10);
}

/** The instant a day in Vietnam (YYYY-MM-DD) begins. */
export function vietnamDayStart(day: string): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - VIETNAM_OFFSET_MS);
}

/** The calendar day `days` after `day` (before it when negative); both YYYY-MM-DD. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** A date-time written without an offset (2024-05-03T14:00): Vietnam's time, as the company entered it. */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * The instant of a timeline date-time: one with an offset as written, one without it in Vietnam's time
 * (not the reading machine's, which for the server is UTC). NaN when it is not a date.
 */
export function instantOf(value: string): number {
  const text = value.trim();
  return Date.parse(LOCAL_DATE_TIME.test(text) ? `${text}${VIETNAM_UTC_OFFSET}` : text);
}

/**
 * The day a timeline date means (YYYY-MM-DD): a calendar day as it was written, a date-time its day in
 * Vietnam. Null when it is not a date.
 */
export function dayOfDate(value: string): string | null {
  const text = value.trim();
  if (CALENDAR_DAY.test(text)) return text;
  const ms = instantOf(text);
  return Number.isNaN(ms) ? null : vietnamDay(ms);
}

/** dd/mm/yyyy hh:mm in Vietnam. */
const DAY_TIME = new Intl.DateTimeFormat('vi-VN', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: VIETNAM_TIME_ZONE,
});
/** dd/mm/yyyy in Vietnam. */
const VIETNAM_DAY = new Intl.DateTimeFormat('vi-VN', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: VIETNAM_TIME_ZONE,
});

/**
 * A date as a reader sees it, with a four-digit year: a calendar day (2024-05-01) stays that day; a
 * date-time shows its day and time in Vietnam, where the goods are traced. Unreadable text as it is.
 */
export function formatDate(value: string): string {
  // A calendar day is read as written, wherever the reader is: dd/mm/yyyy.
  if (CALENDAR_DAY.test(value)) return `${value.slice(8, 10)}/${value.slice(5, 7)}/${value.slice(0, 4)}`;
  const time = instantOf(value);
  return Number.isNaN(time) ? value : DAY_TIME.format(time);
}

/** The day of an instant in Vietnam, dd/mm/yyyy (when a code was made, …). */
export function formatVietnamDay(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : VIETNAM_DAY.format(time);
}
