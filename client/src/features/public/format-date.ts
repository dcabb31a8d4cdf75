/**
 * Timeline dates as the company entered them: a calendar day (2024-05-01) stays that day wherever the
 * reader is; a date-time is shown in Vietnam's time, where the goods are traced.
 */
const DAY = new Intl.DateTimeFormat('vi-VN', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'UTC',
});
const DAY_TIME = new Intl.DateTimeFormat('vi-VN', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Ho_Chi_Minh',
});

export function formatTrackingDate(value: string): string {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return value;
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? DAY.format(time) : DAY_TIME.format(time);
}

/** When something was scanned, in the reader's own time zone. */
export const formatScanTime = (iso: string) =>
  new Intl.DateTimeFormat('vi-VN', { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
