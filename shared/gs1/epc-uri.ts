/**
 * EPC URIs (GS1 Tag Data Standard 2.x, the `urn:epc:…` form most EPCIS data uses) and the GS1 keys they
 * name, both ways (decision 194). The URI splits a key at the company prefix: its length is where the dot
 * falls, so `urn:epc:id:sgtin:0614141.812345.6789` is GTIN 80614141123458 with serial 6789, and the way
 * back needs that length. The one place the two forms meet: gs1KeyOf reads either a Digital Link or an EPC
 * URI into the same key, so whoever compares identifiers compares keys.
 */
import { parseDigitalLink } from './digital-link.ts';
import { gs1CheckDigit } from './identifiers.ts';

/** A GS1 key as element strings: the primary key's AI and value (check digit included), then its qualifiers. */
export interface Gs1Key {
  ai: string;
  value: string;
  qualifiers: Array<[ai: string, value: string]>;
}

export interface EpcKey extends Gs1Key {
  /** The TDS scheme, e.g. 'sgtin', 'lgtin'. */
  scheme: string;
  /** An EPC Pattern URI (`urn:epc:idpat:…`): every serial of the class it names. */
  pattern: boolean;
  /** Digits of the GS1 company prefix, from the position of the URI's first dot. */
  companyPrefixLength: number;
}

/**
 * The URI forms this module reads. `digits`: the length of the key's numeric part the company prefix and
 * the reference share. `key` builds the GS1 key from the prefix, the reference and the remaining parts
 * (URI-escaped characters already decoded).
 */
interface Scheme {
  kind: 'id' | 'class' | 'idpat';
  name: string;
  digits: number;
  /** How many dot-separated parts follow the prefix and the reference. */
  tail: number;
  key: (prefix: string, ref: string, tail: string[]) => Gs1Key | null;
}

const withCheck = (digits: string) => `${digits}${gs1CheckDigit(digits)}`;
/** Indicator digit (the reference's first digit) + company prefix + the rest: the GTIN's body. */
const gtinOf = (prefix: string, ref: string) => withCheck(`${ref.slice(0, 1)}${prefix}${ref.slice(1)}`);

/** TDS "GS1 element string" characters: AI 82 set, as the serial, lot and asset parts allow. */
const CSET82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]{1,30}$/;

const SCHEMES: Scheme[] = [
  {
    kind: 'id',
    name: 'sgtin',
    digits: 13,
    tail: 1,
    key: (p, r, [serial]) => ({ ai: '01', value: gtinOf(p, r), qualifiers: [['21', serial as string]] }),
  },
  {
    kind: 'class',
    name: 'lgtin',
    digits: 13,
    tail: 1,
    key: (p, r, [lot]) => ({ ai: '01', value: gtinOf(p, r), qualifiers: [['10', lot as string]] }),
  },
  {
    kind: 'idpat',
    name: 'sgtin',
    digits: 13,
    tail: 0,
    key: (p, r) => ({ ai: '01', value: gtinOf(p, r), qualifiers: [] }),
  },
  {
    kind: 'id',
    name: 'upui',
    digits: 13,
    tail: 1,
    key: (p, r, [tpx]) => ({ ai: '01', value: gtinOf(p, r), qualifiers: [['235', tpx as string]] }),
  },
  {
    kind: 'id',
    name: 'sscc',
    digits: 17,
    tail: 0,
    key: (p, r) => ({ ai: '00', value: gtinOf(p, r), qualifiers: [] }),
  },
  {
    kind: 'id',
    name: 'sgln',
    digits: 12,
    tail: 1,
    key: (p, r, [ext]) => ({
      ai: '414',
      value: withCheck(`${p}${r}`),
      // Extension 0 is the GLN itself, without AI 254.
      qualifiers: ext === '0' ? [] : [['254', ext as string]],
    }),
  },
  {
    kind: 'id',
    name: 'pgln',
    digits: 12,
    tail: 0,
    key: (p, r) => ({ ai: '417', value: withCheck(`${p}${r}`), qualifiers: [] }),
  },
  {
    kind: 'id',
    name: 'grai',
    digits: 12,
    tail: 1,
    key: (p, r, [serial]) => ({ ai: '8003', value: `${withCheck(`0${p}${r}`)}${serial}`, qualifiers: [] }),
  },
  {
    kind: 'id',
    name: 'giai',
    digits: 0,
    tail: 0,
    key: (p, r) => ({ ai: '8004', value: `${p}${r}`, qualifiers: [] }),
  },
  {
    kind: 'id',
    name: 'gsrn',
    digits: 17,
    tail: 0,
    key: (p, r) => ({ ai: '8018', value: withCheck(`${p}${r}`), qualifiers: [] }),
  },
  {
    kind: 'id',
    name: 'gsrnp',
    digits: 17,
    tail: 0,
    key: (p, r) => ({ ai: '8017', value: withCheck(`${p}${r}`), qualifiers: [] }),
  },
  {
    kind: 'id',
    name: 'gdti',
    digits: 12,
    tail: 1,
    key: (p, r, [serial]) => ({ ai: '253', value: `${withCheck(`${p}${r}`)}${serial}`, qualifiers: [] }),
  },
  {
    kind: 'id',
    name: 'sgcn',
    digits: 12,
    tail: 1,
    key: (p, r, [serial]) =>
      /^\d{1,12}$/.test(serial as string)
        ? { ai: '255', value: `${withCheck(`${p}${r}`)}${serial}`, qualifiers: [] }
        : null,
  },
  {
    kind: 'id',
    name: 'ginc',
    digits: 0,
    tail: 0,
    key: (p, r) => ({ ai: '401', value: `${p}${r}`, qualifiers: [] }),
  },
  {
    kind: 'id',
    name: 'gsin',
    digits: 16,
    tail: 0,
    key: (p, r) => ({ ai: '402', value: withCheck(`${p}${r}`), qualifiers: [] }),
  },
];

/** A URI part with TDS escapes (%2F, %22…) decoded, or null when an escape is broken. */
function unescapePart(part: string): string | null {
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
}

/** The GS1 key an EPC URI, EPC Class URI or EPC Pattern URI names, or null for any other string. */
export function parseEpcUri(uri: string): EpcKey | null {
  const m = /^urn:epc:(id|class|idpat):([a-z]+):(.+)$/.exec(uri);
  if (!m) return null;
  const [, kind, name, body] = m as unknown as [string, Scheme['kind'], string, string];
  const scheme = SCHEMES.find((s) => s.kind === kind && s.name === name);
  if (!scheme) return null;
  const [prefix = '', ref = '', ...rest] = body.split('.');
  if (!/^\d{6,12}$/.test(prefix)) return null;
  if (scheme.kind === 'idpat') {
    // A pattern names a class: its serial part is the wildcard.
    if (rest.length !== 1 || rest[0] !== '*') return null;
  } else if (rest.length !== scheme.tail) return null;
  if (scheme.digits > 0 ? !new RegExp(`^\\d{${scheme.digits - prefix.length}}$`).test(ref) : !ref)
    return null;
  const parts = [ref, ...(scheme.kind === 'idpat' ? [] : rest)].map(unescapePart);
  if (parts.some((p) => p === null || !CSET82.test(p))) return null;
  const [plainRef, ...tail] = parts as string[];
  const key = scheme.key(prefix, plainRef as string, tail);
  return key && { ...key, scheme: name, pattern: kind === 'idpat', companyPrefixLength: prefix.length };
}

/** TDS escapes in a URI part: the characters an EPC URI may not carry as they are. */
const escapePart = (v: string) =>
  v.replace(/["%&/<>?]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The EPC URI of a GTIN key with a serial (SGTIN), a lot (LGTIN class) or neither (the class as an
 * SGTIN pattern), or of a GLN (SGLN), split after `companyPrefixLength` digits; null when the key
 * has no such form.
 */
export function epcUriOf(key: Gs1Key, companyPrefixLength: number): string | null {
  if (companyPrefixLength < 6 || companyPrefixLength > 12) return null;
  const q = new Map(key.qualifiers);
  const cp = (digits: string) => digits.slice(0, companyPrefixLength);
  if (key.ai === '01' && /^\d{14}$/.test(key.value)) {
    const prefix = key.value.slice(1, 1 + companyPrefixLength);
    const ref = `${key.value.slice(0, 1)}${key.value.slice(1 + companyPrefixLength, 13)}`;
    const serial = q.get('21');
    const lot = q.get('10');
    if (serial) return `urn:epc:id:sgtin:${prefix}.${ref}.${escapePart(serial)}`;
    if (lot) return `urn:epc:class:lgtin:${prefix}.${ref}.${escapePart(lot)}`;
    return `urn:epc:idpat:sgtin:${prefix}.${ref}.*`;
  }
  if (key.ai === '414' && /^\d{13}$/.test(key.value)) {
    const body = key.value.slice(0, 12);
    return `urn:epc:id:sgln:${cp(body)}.${body.slice(companyPrefixLength)}.${escapePart(q.get('254') ?? '0')}`;
  }
  return null;
}

/** The GS1 key an EPCIS identifier names, written as a GS1 Digital Link (any host) or an EPC URI. */
export function gs1KeyOf(identifier: string): Gs1Key | null {
  const epc = parseEpcUri(identifier);
  if (epc) return { ai: epc.ai, value: epc.value, qualifiers: epc.qualifiers };
  const dl = parseDigitalLink(identifier);
  if (!dl.ok) return null;
  return { ai: dl.link.primary, value: dl.link.value, qualifiers: dl.link.qualifiers };
}
