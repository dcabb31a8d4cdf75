/**
 * GS1 Digital Link URIs (GS1 Digital Link URI Syntax, uncompressed form): parse, validate, build.
 * Every primary key of GS1's syntax dictionary is read with its own key qualifiers, in their order, and
 * every value and query attribute is checked as GS1's Barcode Syntax Engine checks them
 * (shared/gs1/ai-syntax.ts; decisions 130 and 190). Other query parameters (linkType, context, utm_…)
 * are kept as they are.
 */
import {
  AI_RULES,
  type AiRule,
  type AiValueProblem,
  aiValueProblem,
  DL_PRIMARY_KEYS,
  pairingProblem,
} from './ai-syntax.ts';

export type DigitalLinkError =
  | 'NOT_A_URI'
  | 'NO_PRIMARY_KEY'
  | 'SHORT_NAME'
  | 'BAD_GTIN'
  | 'BAD_CHECK_DIGIT'
  | 'BAD_DATE'
  | 'BAD_FLAG'
  | 'BAD_VALUE'
  | 'BAD_QUALIFIER'
  | 'QUALIFIER_ORDER'
  | 'UNKNOWN_AI'
  | 'NOT_AN_ATTRIBUTE'
  | 'QUALIFIER_AS_ATTRIBUTE'
  | 'DUPLICATE_AI'
  | 'MISSING_AI'
  | 'EXCLUDED_AI'
  | 'TOO_MANY_AIS';

/** The most AIs one Digital Link may carry, path and query together (GS1's syntax engine's own limit). */
export const DL_MAX_AIS = 64;

export interface DigitalLinkKey {
  /** Primary key AI ('01' GTIN, '414' GLN, '00' SSCC, ...). */
  primary: string;
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

export type DigitalLinkResult =
  | { ok: true; link: ParsedDigitalLink }
  /** `ai`: the Application Identifier at fault, when one is. */
  | { ok: false; error: DigitalLinkError; ai?: string };

/**
 * The short names Digital Link 1.1 allowed in place of AIs (`/gtin/…`, `/lot/…`): deprecated in 1.2 and
 * removed in 1.3, so such a path is refused with its own reason rather than as noise.
 */
const SHORT_KEY_NAMES = [
  'gtin',
  'itip',
  'gmn',
  'cpid',
  'gln',
  'party',
  'gsrnp',
  'gsrn',
  'gcn',
  'sscc',
  'gdti',
  'ginc',
  'gsin',
  'grai',
  'giai',
];
const SHORT_NAMES = new Set([...SHORT_KEY_NAMES, 'cpv', 'lot', 'ser']);

/** The first path segments of every Digital Link this app's resolver answers: each primary key and short name. */
export const DL_PATH_ROOTS: readonly string[] = [...DL_PRIMARY_KEYS, ...SHORT_KEY_NAMES];

const VALUE_ERRORS: Record<AiValueProblem, DigitalLinkError> = {
  LENGTH: 'BAD_VALUE',
  CHARSET: 'BAD_VALUE',
  CONTENT: 'BAD_VALUE',
  CHECK_DIGIT: 'BAD_CHECK_DIGIT',
  DATE: 'BAD_DATE',
  FLAG: 'BAD_FLAG',
};

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

const fail = (error: DigitalLinkError, ai?: string): DigitalLinkResult =>
  ai === undefined ? { ok: false, error } : { ok: false, error, ai };

/** The qualifier sequences of a primary key that `order` follows (each AI once, in the sequence's order). */
function followsQualifierPath(rule: AiRule, order: string[]): boolean {
  return (rule.keyQualifiers ?? []).some((path) => {
    let at = -1;
    for (const ai of order) {
      const next = path.indexOf(ai);
      if (next <= at) return false;
      at = next;
    }
    return true;
  });
}

function valueError(rule: AiRule, value: string): DigitalLinkResult | null {
  // The path's GTIN is the 14 digits GS1 Digital Link writes (decision 130), not a shorter GTIN.
  if (rule.ai === '01' && !/^\d{14}$/.test(value)) return fail('BAD_GTIN', '01');
  const problem = aiValueProblem(rule, value);
  return problem ? fail(VALUE_ERRORS[problem], rule.ai) : null;
}

/**
 * The query's `key=value` pairs as GS1's syntax engine reads them: split on `&`, `+` is a space, a
 * parameter without `=` is not data. Values are left encoded: only an AI's is decoded (and must decode).
 */
function queryPairs(search: string): Array<{ key: string; raw: string; hasValue: boolean }> {
  const pairs: Array<{ key: string; raw: string; hasValue: boolean }> = [];
  for (const part of search.replace(/^\?/, '').split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const rawKey = (eq < 0 ? part : part.slice(0, eq)).replaceAll('+', ' ');
    pairs.push({ key: decode(rawKey) ?? rawKey, raw: eq < 0 ? '' : part.slice(eq + 1), hasValue: eq >= 0 });
  }
  return pairs;
}

/** Parses the path (after the origin) and query of a Digital Link URI. */
export function parseDigitalLinkPath(pathname: string, search: string, origin = ''): DigitalLinkResult {
  const segments = pathname.split('/').slice(1);
  // A trailing slash is tolerated (GS1-Conformant resolver: SHOULD tolerate; decision 130).
  if (segments.length > 0 && segments.at(-1) === '') segments.pop();
  // The primary key is found as GS1's syntax engine finds it: walking /AI/value pairs back from the end
  // while the AI is a known one; the first primary key met starts the Digital Link, anything before it
  // is the URI's own path (its stem).
  let start = -1;
  for (let i = segments.length - 2; i >= 0; i -= 2) {
    const rule = AI_RULES.get(segments[i] as string);
    if (!rule) break;
    if (rule.keyQualifiers) {
      start = i;
      break;
    }
  }
  if (start < 0) {
    const shortName = segments.find((s) => SHORT_NAMES.has(s.toLowerCase()));
    return fail(shortName ? 'SHORT_NAME' : 'NO_PRIMARY_KEY');
  }

  const primary = segments[start] as string;
  const keyRule = AI_RULES.get(primary) as AiRule;
  const path: Array<[string, string]> = [];
  for (let j = start; j < segments.length; j += 2) {
    const ai = segments[j] as string;
    const value = decode(segments[j + 1] as string);
    if (value === null || value === '') return fail('BAD_VALUE', ai);
    path.push([ai, value]);
  }
  const qualifiers = path.slice(1);
  for (const [ai] of qualifiers)
    if (!keyRule.keyQualifiers?.some((p) => p.includes(ai))) return fail('BAD_QUALIFIER', ai);
  if (
    !followsQualifierPath(
      keyRule,
      qualifiers.map(([ai]) => ai),
    )
  )
    return fail('QUALIFIER_ORDER');
  for (const [ai, value] of path) {
    const error = valueError(AI_RULES.get(ai) as AiRule, value);
    if (error) return error;
  }

  const seen = new Set(path.map(([ai]) => ai));
  const attributes: Array<[string, string]> = [];
  const params: Array<[string, string]> = [];
  for (const { key, raw, hasValue } of queryPairs(search)) {
    // Only an all-digit key with a value is an AI; anything else is passed on untouched.
    if (!hasValue || !/^\d+$/.test(key)) {
      const value = raw.replaceAll('+', ' ');
      params.push([key, decode(value) ?? value]);
      continue;
    }
    const rule = AI_RULES.get(key);
    if (!rule) return fail('UNKNOWN_AI', key);
    if (keyRule.keyQualifiers?.some((p) => p.includes(key))) return fail('QUALIFIER_AS_ATTRIBUTE', key);
    if (!rule.dataAttribute) return fail('NOT_AN_ATTRIBUTE', key);
    if (seen.has(key)) return fail('DUPLICATE_AI', key);
    // Bounded before the pairings, whose check grows with the square of the AIs.
    if (seen.size >= DL_MAX_AIS) return fail('TOO_MANY_AIS');
    seen.add(key);
    const value = decode(raw.replaceAll('+', ' '));
    if (value === null || value === '') return fail('BAD_VALUE', key);
    const error = valueError(rule, value);
    if (error) return error;
    attributes.push([key, value]);
  }
  const pairing = pairingProblem([...seen]);
  if (pairing) return fail(pairing.problem === 'REQUIRES' ? 'MISSING_AI' : 'EXCLUDED_AI', pairing.ai);

  const prefix = segments.slice(0, start).join('/');
  return {
    ok: true,
    link: {
      base: prefix ? `${origin}/${prefix}` : origin,
      primary,
      value: path[0]?.[1] as string,
      qualifiers,
      attributes,
      params,
    },
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
export function buildDigitalLink(
  base: string,
  key: GtinKey,
  attributes: Array<[string, string]> = [],
): string {
  let path = `/01/${key.gtin}`;
  for (const [ai, v] of gtinQualifiers(key)) path += `/${ai}/${encodeURIComponent(v)}`;
  const query = attributes.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
  return `${base.replace(/\/+$/, '')}${path}${query ? `?${query}` : ''}`;
}

/** The Digital Link of a parsed key without its query: the linkset's anchor (decision 130). */
export function canonicalDigitalLink(link: ParsedDigitalLink): string {
  let path = `/${link.primary}/${encodeURIComponent(link.value)}`;
  for (const [ai, v] of link.qualifiers) path += `/${ai}/${encodeURIComponent(v)}`;
  return `${link.base}${path}`;
}
