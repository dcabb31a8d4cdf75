import type { PublicStrings } from '#shared/i18n/public/vi.ts';
import { formatDateIn } from '#shared/format-language.ts';
import type { PublicLanguage } from '#shared/i18n/languages.ts';

/** The REST envelope as the verdict page's forms read it. */
export interface Envelope<T> {
  statusCode: number;
  message: string;
  data?: T;
  /** The fields the server refused, by name (a wrong PIN names `pin`, a voided item `serial`). */
  errors?: Record<string, string>;
}

export type PinResult = { activatedNow: boolean; activatedAt: string };

/**
 * The PIN's answer in the page's language. The server words its messages in Vietnamese (the REST API's
 * language), so the page reads what it refused (the status, the field) and says it in its own words;
 * statusCode 0 is the page's own offline message, already in its language.
 */
export function pinAnswer(res: Envelope<PinResult>, s: PublicStrings, lang: PublicLanguage): string {
  const m = s.serialVerdict;
  if (res.data)
    return res.data.activatedNow
      ? m.activatedNow
      : m.activatedBefore(formatDateIn(res.data.activatedAt, lang));
  if (res.statusCode === 0) return res.message;
  if (res.statusCode === 429) return m.tooManyTries;
  if (res.errors?.pin) return m.pinWrong;
  if (res.errors?.serial) return m.voided;
  return s.client.somethingWentWrong;
}

/** A fake report's answer in the page's language: thanks, or which field to mend (see `pinAnswer`). */
export function reportAnswer(res: Envelope<unknown>, s: PublicStrings): string {
  const m = s.serialVerdict;
  if (res.statusCode >= 200 && res.statusCode < 300) return m.reportSent;
  if (res.statusCode === 0) return res.message;
  if (res.statusCode === 429) return m.tooManyTries;
  if (res.statusCode === 413) return m.photoTooLarge;
  if (res.statusCode === 415) return m.photoNotImage;
  if (res.errors?.shopName) return m.shopRequired;
  if (res.errors?.note) return m.noteTooLong;
  if (res.statusCode === 404) return m.reportNoCompany;
  return s.client.somethingWentWrong;
}
