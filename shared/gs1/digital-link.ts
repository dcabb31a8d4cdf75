/**
 * GS1 Digital Link URIs (GS1 Digital Link standard 1.4, uncompressed form): parse, validate, build.
 * Only what this app resolves and prints is a primary key here: 01 (GTIN) with its key qualifiers
 * 22 (CPV), 10 (lot), 21 (serial) in that order, or 235 (TPX) alone. Other primary keys (00 SSCC,
 * 414 GLN) are recognised so that their URIs are judged by their own grammar, not as garbage.
 * Data attributes ride in the query string (`?17=261231`); other query parameters (linkType, context)
 * are kept as they are. Decision 130 says which forms the resolver accepts and why.
 */
import { GS1_CSET82 as CSET82, hasValidCheckDigit } from './identifiers.ts';

export type DigitalLinkError =
  | 'NOT_A_URI'
  | 'NO_PRIMARY_KEY'
  | 'BAD_GTIN'
  | 'BAD_CHECK_DIGIT'
  | 'BAD_VALUE'
  | 'BAD_QUALIFIER'
  | 'QUALIFIER_ORDER'
  | 'BAD_ATTRIBUTE';

export interface DigitalLinkKey {
  /** Primary key AI: '01' for everything this app resolves. */
  primary: '01' | '00' | '414';
  /** The primary key's value: 14 digits for a GTIN. */
  value: string;
  /** Key qualifiers by AI, in path order. */
  qualifiers: Array<[string, string]>;
}

export interface ParsedDigitalLink extends DigitalLinkKey {
  /** Scheme, host and any path before the primary key, without a trailing slash. */
  base: string;
  /** Query data attributes (numeric AI keys), in query order. */
  attributes: Array<[string, string]>;
  /** Other query parameters (linkType, context, ...), in query order. */
  params: Array<[string, string]>;
}

export type DigitalLinkResult = { ok: true; link: ParsedDigitalLink } | { ok: false; error: DigitalLinkError };

interface KeyGrammar {
  /** Checks the primary key's value. */
  value: (v: string) => DigitalLinkError | null;
  /** Allowed qualifier sequences: the URI's qualifiers must be an ordered subsequence of one of them. */
  qualifierPaths: string[][];
}

function digitsWithCheck(length: number) {
  return (v: string): DigitalLinkError | null => {
    if (!new RegExp(`^\\d{${length}}$`).test(v)) return length === 14 ? 'BAD_GTIN' : 'BAD_VALUE';
    return hasValidCheckDigit(v) ? null : 'BAD_CHECK_DIGIT';
  };
}

const KEYS: Record<DigitalLinkKey['primary'], KeyGrammar> = {
  // DL 1.4 grammar: gtin-value = 14DIGIT (a GTIN-8/12/13 is written zero-padded to 14).
  '01': { value: digitsWithCheck(14), qualifierPaths: [['22', '10', '21'], ['235']] },
  '00': { value: digitsWithCheck(18), qualifierPaths: [] },
  '414': { value: digitsWithCheck(13), qualifierPaths: [['254']] },
};

/** Largest length of each qualifier's value (all CSET 82). */
const QUALIFIER_MAX: Record<string, number> = { '22': 20, '10': 20, '21': 20, '235': 28, '254': 20 };

/** Date attributes: N6 YYMMDD; DD may be 00 ("end of the month"). */
const DATE_AIS = new Set(['11', '12', '13', '15', '16', '17']);

export function isValidGs1Date(yymmdd: string): boolean {
  const m = /^(\d\d)(\d\d)(\d\d)$/.exec(yymmdd);
  if (!m) return false;
  const [yy, mm, dd] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mm < 1 || mm > 12) return false;
  if (dd === 0) return true;
  // Years 00-99 fall within 2000-2099 for a present-day label: leap years are those divisible by 4.
  const days = [31, yy % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mm - 1] ?? 0;
  return dd <= days;
}

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

function isKeyLike(segment: string | undefined): boolean {
  return segment !== undefined && /^\d{2,4}$/.test(segment);
}

/** Parses the path (after the origin) and query of a Digital Link URI. */
export function parseDigitalLinkPath(pathname: string, search: string, origin = ''): DigitalLinkResult {
  const segments = pathname.split('/').slice(1);
  // A trailing slash is tolerated (decision 130).
  if (segments.length > 0 && segments.at(-1) === '') segments.pop();
  let start = -1;
  for (let i = 0; i < segments.length; i++) {
    const s = segments[i] as string;
    // Own keys only: `in` also finds `constructor`, `toString`, `__proto__` on any object.
    if (!Object.hasOwn(KEYS, s) || (segments.length - i) % 2 !== 0) continue;
    let keyLike = true;
    for (let j = i + 2; j < segments.length; j += 2) if (!isKeyLike(segments[j])) keyLike = false;
    if (keyLike) {
      start = i;
      break;
    }
  }
  if (start < 0) return { ok: false, error: 'NO_PRIMARY_KEY' };
  const primary = segments[start] as DigitalLinkKey['primary'];
  const grammar = KEYS[primary];
  const value = decode(segments[start + 1] as string);
  if (value === null) return { ok: false, error: 'BAD_VALUE' };
  const valueError = grammar.value(value);
  if (valueError) return { ok: false, error: valueError };

  const qualifiers: Array<[string, string]> = [];
  for (let j = start + 2; j < segments.length; j += 2) {
    const ai = segments[j] as string;
    const raw = decode(segments[j + 1] as string);
    const max = Object.hasOwn(QUALIFIER_MAX, ai) ? QUALIFIER_MAX[ai] : undefined;
    if (!grammar.qualifierPaths.some((p) => p.includes(ai)) || max === undefined) return { ok: false, error: 'BAD_QUALIFIER' };
    if (raw === null || raw.length === 0 || raw.length > max || !CSET82.test(raw)) return { ok: false, error: 'BAD_VALUE' };
    qualifiers.push([ai, raw]);
  }
  const order = qualifiers.map(([ai]) => ai);
  const inOrder = grammar.qualifierPaths.some((path) => {
    let at = -1;
    for (const ai of order) {
      const next = path.indexOf(ai);
      if (next <= at) return false;
      at = next;
    }
    return true;
  });
  if (!inOrder) return { ok: false, error: 'QUALIFIER_ORDER' };

  const attributes: Array<[string, string]> = [];
  const params: Array<[string, string]> = [];
  for (const [k, v] of new URLSearchParams(search)) {
    if (!/^\d{2,4}$/.test(k)) {
      params.push([k, v]);
      continue;
    }
    if (DATE_AIS.has(k) ? !isValidGs1Date(v) : v.length === 0 || !CSET82.test(v)) return { ok: false, error: 'BAD_ATTRIBUTE' };
    attributes.push([k, v]);
  }
  const prefix = segments.slice(0, start).join('/');
  return {
    ok: true,
    link: { base: prefix ? `${origin}/${prefix}` : origin, primary, value, qualifiers, attributes, params },
  };
}

/** Parses a whole Digital Link URI (http or https; the scheme and host are case-insensitive). */
export function parseDigitalLink(uri: string): DigitalLinkResult {
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return { ok: false, error: 'NOT_A_URI' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, error: 'NOT_A_URI' };
  return parseDigitalLinkPath(url.pathname, url.search, url.origin);
}

export interface GtinKey {
  gtin: string;
  cpv?: string | null;
  lot?: string | null;
  serial?: string | null;
}

/** The qualifiers of a GTIN key in the order the grammar requires (22, 10, 21). */
export function gtinQualifiers(key: GtinKey): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  if (key.cpv) out.push(['22', key.cpv]);
  if (key.lot) out.push(['10', key.lot]);
  if (key.serial) out.push(['21', key.serial]);
  return out;
}

/**
 * Builds the uncompressed Digital Link URI of a GTIN key on `base` (an origin, with or without a path):
 * values percent-encoded, data attributes in the query in the order given.
 */
export function buildDigitalLink(base: string, key: GtinKey, attributes: Array<[string, string]> = []): string {
  let path = `/01/${key.gtin}`;
  for (const [ai, v] of gtinQualifiers(key)) path += `/${ai}/${encodeURIComponent(v)}`;
  const query = attributes.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  return `${base.replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`;
}

/** The Digital Link of a parsed key without its query: the linkset's anchor (decision 130). */
export function canonicalDigitalLink(link: ParsedDigitalLink): string {
  let path = `/${link.primary}/${link.value}`;
  for (const [ai, v] of link.qualifiers) path += `/${ai}/${encodeURIComponent(v)}`;
  return `${link.base}${path}`;
}
