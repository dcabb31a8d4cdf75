import { type PublicStrings, viPublic } from './i18n/public/vi.ts';
import type { SerialVerdict } from './serials.ts';
import { formatDateIn } from './format-language.ts';
import type { Localized } from './translations.ts';
import type { PublicLanguage, TranslationLanguage } from './i18n/languages.ts';

/** Why an item is suspect (decision 206). */
export type SuspectReason = 'COUNT' | 'BURST' | 'FAR';

export interface VerdictRecall {
  lotCode: string;
  reason: string | null;
  recalledAt: string | null;
  /** The recalled input lot, when the item's lot was made from one. */
  inputLotCode: string | null;
}

/** The verdict JSON of GET /api/serials/{serial} (the contract's fields, then this side's additions). */
export interface SerialVerdictView {
  verdict: SerialVerdict;
  serial: string;
  firstVerifiedAt: string | null;
  firstProvince: string | null;
  firstProvinceApproximate: boolean;
  count: number;
  activatedAt: string | null;
  suspectReason: SuspectReason | null;
  withPin: boolean;
  productId: number | null;
  lotId: number | null;
  recall: VerdictRecall | null;
  /** On the item's page only: its product, as the server wrote it. */
  about?: VerdictAbout | null;
}

/**
 * What the item's page says of its product under the verdict, in the page's language (issue 33): written by
 * the server into the page with the verdict, so the page shows it as the server drew it. Not part of the
 * verdict JSON (GET /api/serials/{serial}).
 */
export interface VerdictAbout {
  name: Localized;
  companyName: Localized;
  /** Whether the product's own page is public (ACTIVE): the link to it is shown only then. */
  active: boolean;
  /** The languages its company publishes: the page's switcher offers those (and Vietnamese). */
  languages: TranslationLanguage[];
}

export type BannerTone = 'good' | 'info' | 'warn' | 'bad';

/** What the banner says of a verdict: its tone (colour), its icon, its title and lines. One place for server and client. */
export interface VerdictBanner {
  tone: BannerTone;
  icon: string;
  title: string;
  lines: string[];
}

function firstLine(
  v: SerialVerdictView,
  m: PublicStrings['serialVerdict'],
  lang: PublicLanguage,
): string | null {
  if (!v.firstVerifiedAt) return null;
  const province = v.firstProvince
    ? `${v.firstProvince}${v.firstProvinceApproximate ? ` ${m.approximate}` : ''}`
    : null;
  return m.seenFirst(formatDateIn(v.firstVerifiedAt, lang), province);
}

/**
 * The banner in a page's language (`strings`: its public strings, Vietnamese's when not said; `lang` the
 * language its times are written in; issue 33).
 */
export function verdictBanner(
  v: SerialVerdictView,
  strings: PublicStrings = viPublic,
  lang: PublicLanguage = 'vi',
): VerdictBanner {
  const m = strings.serialVerdict;
  const seen = [m.seen(v.count), firstLine(v, m, lang)].filter((x): x is string => x !== null);
  switch (v.verdict) {
    case 'FIRST':
      return { tone: 'good', icon: '✓', title: m.first, lines: [m.firstAdvice] };
    case 'SEEN':
      return { tone: 'info', icon: 'ℹ', title: m.seen(v.count), lines: seen.slice(1) };
    case 'SUSPECT':
      return {
        tone: 'warn',
        icon: '⚠',
        title: m.suspect,
        lines: [m.suspectAdvice, ...(v.suspectReason ? [m.reasons[v.suspectReason]] : []), ...seen],
      };
    case 'NOT_ISSUED':
      return { tone: 'bad', icon: '✕', title: m.notIssued, lines: [m.notIssuedAdvice] };
    case 'VOID':
      return { tone: 'bad', icon: '✕', title: m.voided, lines: [m.voidedAdvice] };
    case 'RECALLED':
      return {
        tone: 'bad',
        icon: '⚠',
        title: v.recall?.inputLotCode ? strings.lot.inputRecallTitle : m.recalled,
        lines: [
          ...(v.recall?.reason ? [`${strings.lot.recallReason}: ${v.recall.reason}`] : []),
          m.recallAdvice,
        ],
      };
  }
}
