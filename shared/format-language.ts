/**
 * Dates and numbers as a page in its language writes them (decision 211). Vietnamese keeps its own writing
 * (shared/vietnam-time.ts: dd/mm/yyyy, no Intl); English and Chinese ask Intl, in Vietnam's time zone, where
 * the goods are traced. Formatters are made when a page asks, not when the module loads.
 */
import type { PublicLanguage } from '#shared/i18n/languages.ts';
import { formatDate, instantOf, VIETNAM_TIME_ZONE } from '#shared/vietnam-time.ts';

const LOCALES: Record<PublicLanguage, string> = { vi: 'vi-VN', en: 'en-US', 'zh-Hans': 'zh-Hans-CN' };

const CALENDAR_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A timeline date, a recall's or a scan's, in `lang`: a calendar day stays that day; a date-time shows its
 * day and time in Vietnam. Unreadable text as it is.
 */
export function formatDateIn(value: string, lang: PublicLanguage): string {
  if (lang === 'vi') return formatDate(value);
  const day = { year: 'numeric', month: 'short', day: 'numeric' } as const;
  if (CALENDAR_DAY.test(value))
    return new Intl.DateTimeFormat(LOCALES[lang], { ...day, timeZone: 'UTC' }).format(
      Date.parse(`${value}T00:00:00Z`),
    );
  const time = instantOf(value);
  if (Number.isNaN(time)) return value;
  return new Intl.DateTimeFormat(LOCALES[lang], {
    ...day,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: VIETNAM_TIME_ZONE,
  }).format(time);
}

/** A number (a quantity, an area, a count) in `lang`. */
export const formatNumberIn = (
  value: number,
  lang: PublicLanguage,
  options?: Intl.NumberFormatOptions,
): string => new Intl.NumberFormat(LOCALES[lang], options).format(value);
