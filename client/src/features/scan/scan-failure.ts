/**
 * A failed resolve or photo scan in the page's words (issue 33). The server words its refusals in Vietnamese,
 * from the public strings' `scanMessages` (shared/i18n/vi/scan.ts reads them there), so a message it sent is
 * one of those and is said again in the page's language; a figure in it (a size limit) is kept. What the
 * page cannot recognize is said by its status, else as a general failure (in Vietnamese, as the server said).
 */
import type { PublicLanguage } from '#shared/i18n/languages.ts';
import { type PublicStrings, viPublic } from '#shared/i18n/public/vi.ts';

type Worded = 'notOurs' | 'noCodeInImage' | 'notAPhoto' | 'tooManyPixels' | 'decodeBusy' | 'decodeTooCostly';
const WORDED: readonly Worded[] = [
  'notOurs',
  'noCodeInImage',
  'notAPhoto',
  'tooManyPixels',
  'decodeBusy',
  'decodeTooCostly',
];

/** The figure a Vietnamese message with a figure carries, if `message` is that message. */
function figureOf(message: string, template: (figure: never) => string): string | null {
  const [before, after] = template('\u0000' as never).split('\u0000') as [string, string];
  if (!message.startsWith(before) || !message.endsWith(after)) return null;
  const figure = message.slice(before.length, message.length - after.length);
  return /^[\d.,]+$/.test(figure) ? figure : null;
}

export function scanFailure(
  status: number | null | undefined,
  message: string,
  s: PublicStrings,
  lang: PublicLanguage,
): string {
  if (status === 404) return s.scan.notFound;
  const said = viPublic.scanMessages;
  const m = s.scanMessages;
  const known = WORDED.find((key) => said[key] === message);
  if (known) return m[known];
  const mb = figureOf(message, said.fileTooLarge);
  if (mb !== null) return m.fileTooLarge(mb);
  const mp = figureOf(message, said.heifTooManyPixels);
  if (mp !== null) return m.heifTooManyPixels(Number(mp));
  if (lang === 'vi') return message || s.client.unknownError;
  if (status === 413) return m.tooManyPixels;
  if (status === 415) return m.notAPhoto;
  if (status === 429 || status === 503) return m.decodeBusy;
  return s.client.somethingWentWrong;
}
