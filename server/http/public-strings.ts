/**
 * The words the server writes into a public page in a language: the link preview's, the tab's title and
 * the serial verdict's. Taken from the public strings of that language (shared/i18n/public).
 */
import type { PublicLanguage } from '#shared/i18n/languages.ts';
import { vi } from '#shared/i18n/vi/index.ts';

export interface ServerPageStrings {
  fallbackMarker: string;
  client: { appName: string; documentTitle: (name: string) => string };
  share: typeof vi.products.share;
  serialVerdict: { product: string; productLink: string };
}

const VI: ServerPageStrings = {
  fallbackMarker: '',
  client: { appName: vi.client.appName, documentTitle: vi.client.documentTitle },
  share: vi.products.share,
  serialVerdict: vi.serialVerdict,
};

export function pageStringsOf(_lang: PublicLanguage): ServerPageStrings {
  return VI;
}
