import { describe, expect, it } from 'vitest';
import { lastDays } from '#server/services/statistics/days.ts';
import {
  addDays,
  dayOfDate,
  formatDate,
  formatVietnamDay,
  instantOf,
  VIETNAM_TIME_ZONE,
  vietnamDay,
  vietnamDayStart,
} from '#shared/vietnam-time.ts';

/** Vietnam's days from one helper (shared/vietnam-time.ts, decision 186), on any machine's time zone. */
const intlDay = new Intl.DateTimeFormat('en-CA', { timeZone: VIETNAM_TIME_ZONE });

describe('[unit][dates] a day in Vietnam', () => {
  it('[unit][dates]: before 07:00 in Vietnam it is already today there, while UTC is still on yesterday', () => {
    const at = new Date('2026-11-25T23:30:00Z'); // 06:30 on 26 November in Hà Nội
    expect(at.toISOString().slice(0, 10)).toBe('2026-11-25');
    expect(vietnamDay(at)).toBe('2026-11-26');
    expect(vietnamDay(new Date('2026-11-26T16:59:59.999Z'))).toBe('2026-11-26');
    expect(vietnamDay(new Date('2026-11-26T17:00:00Z'))).toBe('2026-11-27');
    expect(vietnamDayStart('2026-11-26').toISOString()).toBe('2026-11-25T17:00:00.000Z');
  });

  it("[unit][dates]: agrees with Intl's Asia/Ho_Chi_Minh over years of instants, month and year ends included", () => {
    for (let ms = Date.UTC(2024, 0, 1); ms < Date.UTC(2028, 0, 1); ms += 7 * 3_600_000 + 13 * 60_000) {
      expect(vietnamDay(ms)).toBe(intlDay.format(ms));
    }
  });

  it('[unit][dates]: calendar arithmetic over month, year and leap-day ends', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    const { since, dates } = lastDays(new Date('2026-11-25T23:30:00Z'), 3);
    expect(dates).toEqual(['2026-11-24', '2026-11-25', '2026-11-26']);
    expect(since.toISOString()).toBe('2026-11-23T17:00:00.000Z');
  });

  it("[unit][dates]: a timeline date's day: a calendar day as written, a date-time its day in Vietnam", () => {
    expect(dayOfDate('2024-05-01')).toBe('2024-05-01');
    expect(dayOfDate('2024-05-01T20:00:00Z')).toBe('2024-05-02');
    expect(dayOfDate('2024-05-01T23:30')).toBe('2024-05-01'); // no offset: already Vietnam's time
    expect(dayOfDate('2024-05-01T10:00:00+09:00')).toBe('2024-05-01');
    expect(dayOfDate('hôm qua')).toBeNull();
    expect(instantOf('2024-05-03T14:00')).toBe(Date.parse('2024-05-03T07:00:00Z'));
  });

  it('[unit][dates]: shown with a four-digit year; a date-time in Vietnam whatever the reader', () => {
    expect(formatDate('2024-05-01')).toBe('01/05/2024');
    expect(formatDate('2026-11-25T23:30:00.000Z')).toMatch(/^06:30,? 26\/11\/2026$|^26\/11\/2026,? 06:30$/);
    expect(formatDate('2024-05-03T14:00')).toMatch(/14:00/);
    expect(formatDate('không phải ngày')).toBe('không phải ngày');
    expect(formatVietnamDay('2026-11-25T23:30:00Z')).toBe('26/11/2026');
  });
});
