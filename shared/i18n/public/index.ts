/**
 * The public strings of every language, for the server (decision 211): it renders a shopper's page in the
 * request's language, so it holds all three. The light page does not import this module: it loads only
 * its language's file (client/src/i18n/).
 */
import type { PublicLanguage } from '#shared/i18n/languages.ts';
import { en } from './en.ts';
import { type PublicStrings, viPublic } from './vi.ts';
import { zhHans } from './zh-Hans.ts';

export type { PublicStrings } from './vi.ts';

const STRINGS: Record<PublicLanguage, PublicStrings> = { vi: viPublic, en, 'zh-Hans': zhHans };

export const publicStringsOf = (lang: PublicLanguage): PublicStrings => STRINGS[lang];
