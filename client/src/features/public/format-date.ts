/**
 * Dates as the public pages show them (decision 186, shared/vietnam-time.ts): timeline dates as the
 * company entered them (a calendar day stays that day, a date-time in Vietnam's time), and when
 * something was scanned, in Vietnam's time too; always with a four-digit year.
 */
import { formatDate } from '#shared/vietnam-time.ts';

export const formatTrackingDate = formatDate;

/** When something was scanned (an instant), its day and time in Vietnam. */
export const formatScanTime = formatDate;
