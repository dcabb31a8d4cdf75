/**
 * GS1 Application Identifiers as GS1's Barcode Syntax Engine checks them, read from GS1's own Syntax
 * Dictionary (shared/gs1/ai-dictionary.ts, generated from its text; decision 190): which AIs exist, the
 * length and character set of each component of a value, the content checks ("linters") the dictionary
 * names, which AIs may be Digital Link data attributes, the primary keys with their key qualifiers, and
 * which AIs require or exclude others.
 *
 * Linters whose check is a code list (ISO 3166 countries, ISO 4217 currencies, package types, coupon
 * codes) are not run: such a value is still held to its length and character set. Every other linter of
 * the dictionary is, and a linter this module does not know stops it at start-up, so a newer dictionary
 * cannot be half read.
 */
import { AI_DICTIONARY } from './ai-dictionary.ts';
import { GS1_CSET82, hasValidCheckDigit } from './identifiers.ts';

/** Why a value does not fit its AI. */
export type AiValueProblem = 'LENGTH' | 'CHARSET' | 'CHECK_DIGIT' | 'DATE' | 'FLAG' | 'CONTENT';

interface Component {
  /** N digits, X CSET 82, Y CSET 39, Z base64url (CSET 64). */
  charset: 'N' | 'X' | 'Y' | 'Z';
  /** Exact length, or the largest for a variable-length (final) component. */
  length: number;
  variable: boolean;
  optional: boolean;
  linters: string[];
}

export interface AiRule {
  ai: string;
  title: string;
  /** `?`: may be a GS1 Digital Link data attribute (in the query string). */
  dataAttribute: boolean;
  components: Component[];
  /** The key-qualifier sequences when the AI is a Digital Link primary key (`dlpkey`), else null. */
  keyQualifiers: string[][] | null;
  /** Each `req=`: one of its groups must be present; a group is AI patterns that must all be present. */
  requires: string[][][];
  /** `ex=`: AI patterns that must not be present with it. */
  excludes: string[];
}

const CHARSETS: Record<Component['charset'], RegExp> = {
  N: /^\d*$/,
  X: GS1_CSET82,
  // GS1 General Specifications figure 7.11-2: digits, capitals, # - /
  Y: /^[#\-/0-9A-Z]*$/,
  // RFC 4648 base64url, with its padding at the end
  Z: /^[-0-9A-Z_a-z]*={0,2}$/,
};

function parseComponent(text: string): Component {
  const [type, ...linters] = text.split(',') as [string, ...string[]];
  const m = /^(\[?)([NXYZ])(\.\.)?(\d+)\]?$/.exec(type);
  if (!m) throw new Error(`GS1 syntax dictionary: unreadable component "${text}"`);
  for (const linter of linters)
    if (!(linter in LINTERS) && !UNCHECKED_LINTERS.has(linter))
      throw new Error(`GS1 syntax dictionary: unknown linter "${linter}"`);
  return {
    charset: m[2] as Component['charset'],
    length: Number(m[4]),
    variable: m[3] === '..',
    optional: m[1] === '[',
    linters,
  };
}

/** Years 00-99 of a label read within 2000-2099 for leap years: those divisible by 4. */
function validDate(yy: number, mm: number, dd: number, dayZeroAllowed: boolean): boolean {
  if (mm < 1 || mm > 12) return false;
  if (dd === 0) return dayZeroAllowed;
  const days = [31, yy % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mm - 1] ?? 0;
  return dd <= days;
}

const digitsAt = (s: string, at: number, n: number) => Number(s.slice(at, at + n));
const twoDigits = (max: number) => (s: string) => /^\d\d$/.test(s) && Number(s) <= max;

/** CSET 82 in the order of its values, for the alphanumeric check character pair. */
const CSET82_ORDER = '!"%&\'()*+,-./0123456789:;<=>?ABCDEFGHIJKLMNOPQRSTUVWXYZ_abcdefghijklmnopqrstuvwxyz';
const CSET32_ORDER = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** The first primes, one weight per character of an AI value (at most 90 before its check pair). */
const PRIMES = (() => {
  const primes: number[] = [];
  for (let n = 2; primes.length < 99; n++) if (primes.every((p) => n % p !== 0)) primes.push(n);
  return primes;
})();

/** GS1 General Specifications "check character calculation (for alphanumeric keys)": GMN, MUDI. */
function hasValidCheckPair(s: string): boolean {
  if (s.length < 2 || s.length - 2 > PRIMES.length) return false;
  let sum = 0;
  for (let i = 0; i < s.length - 2; i++) {
    const value = CSET82_ORDER.indexOf(s[i] as string);
    if (value < 0) return false;
    sum += value * (PRIMES[s.length - 3 - i] as number);
  }
  sum %= 1021;
  return s.at(-2) === CSET32_ORDER[sum >> 5] && s.at(-1) === CSET32_ORDER[sum & 31];
}

/** ISO 13616 IBAN: country letters, check digits, then letters and digits, the whole mod 97 = 1. */
function validIban(s: string): boolean {
  if (!/^[A-Z]{2}\d{2}[0-9A-Z]{1,30}$/.test(s)) return false;
  const digits = `${s.slice(4)}${s.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let rest = 0;
  for (const d of digits) rest = (rest * 10 + Number(d)) % 97;
  return rest === 1;
}

/** The dictionary's linters, each with what a failure means to a reader. */
const LINTERS: Record<string, { problem: AiValueProblem; ok: (s: string) => boolean }> = {
  csum: { problem: 'CHECK_DIGIT', ok: hasValidCheckDigit },
  csumalpha: { problem: 'CHECK_DIGIT', ok: hasValidCheckPair },
  // A GS1 Company Prefix starts the key: at least 4 digits (after the indicator digit for keyoff1).
  key: { problem: 'CONTENT', ok: (s) => /^\d{4}/.test(s) },
  keyoff1: { problem: 'CONTENT', ok: (s) => /^.\d{4}/.test(s) },
  yymmd0: {
    problem: 'DATE',
    ok: (s) => validDate(digitsAt(s, 0, 2), digitsAt(s, 2, 2), digitsAt(s, 4, 2), true),
  },
  yymmdd: {
    problem: 'DATE',
    ok: (s) => validDate(digitsAt(s, 0, 2), digitsAt(s, 2, 2), digitsAt(s, 4, 2), false),
  },
  yyyymmdd: {
    problem: 'DATE',
    ok: (s) => validDate(digitsAt(s, 0, 4), digitsAt(s, 4, 2), digitsAt(s, 6, 2), false),
  },
  hh: { problem: 'DATE', ok: twoDigits(23) },
  mi: { problem: 'DATE', ok: twoDigits(59) },
  ss: { problem: 'DATE', ok: twoDigits(59) },
  hhmi: { problem: 'DATE', ok: (s) => twoDigits(23)(s.slice(0, 2)) && twoDigits(59)(s.slice(2)) },
  yesno: { problem: 'FLAG', ok: (s) => s === '0' || s === '1' },
  zero: { problem: 'CONTENT', ok: (s) => s === '0' },
  nonzero: { problem: 'CONTENT', ok: (s) => /[1-9]/.test(s) },
  nozeroprefix: { problem: 'CONTENT', ok: (s) => s === '0' || !s.startsWith('0') },
  hasnondigit: { problem: 'CONTENT', ok: (s) => /\D/.test(s) },
  winding: { problem: 'CONTENT', ok: (s) => s === '0' || s === '1' || s === '9' },
  iso5218: { problem: 'CONTENT', ok: (s) => ['0', '1', '2', '9'].includes(s) },
  // AIDC media types 01-10, and 80-99 for company-internal use.
  mediatype: { problem: 'CONTENT', ok: (s) => /^(0[1-9]|10|[89]\d)$/.test(s) },
  pieceoftotal: {
    problem: 'CONTENT',
    ok: (s) => digitsAt(s, 0, 2) >= 1 && digitsAt(s, 2, 2) >= 1 && digitsAt(s, 0, 2) <= digitsAt(s, 2, 2),
  },
  posinseqslash: {
    problem: 'CONTENT',
    ok: (s) => {
      const m = /^([1-9]\d*)\/([1-9]\d*)$/.exec(s);
      return !!m && Number(m[1]) <= Number(m[2]);
    },
  },
  pcenc: { problem: 'CONTENT', ok: (s) => !/%(?![0-9A-Fa-f]{2})/.test(s) },
  hyphen: { problem: 'CONTENT', ok: (s) => s === '-' },
  importeridx: { problem: 'CONTENT', ok: (s) => /^[-0-9A-Z_a-z]$/.test(s) },
  latitude: { problem: 'CONTENT', ok: (s) => Number(s) <= 1_800_000_000 },
  longitude: { problem: 'CONTENT', ok: (s) => Number(s) <= 3_600_000_000 },
  iban: { problem: 'CONTENT', ok: validIban },
};

/** Linters that check a value against a code list this app does not carry (see the module comment). */
const UNCHECKED_LINTERS = new Set([
  'iso3166',
  'iso3166999',
  'iso3166alpha2',
  'iso3166list',
  'iso4217',
  'packagetype',
  'couponcode',
  'couponposoffer',
]);

function buildRules(): ReadonlyMap<string, AiRule> {
  const rules = new Map<string, AiRule>();
  for (const entry of AI_DICTIONARY) {
    const attr = (key: string) => entry.attrs.filter((a) => a === key || a.startsWith(`${key}=`));
    const dlpkey = attr('dlpkey')[0];
    const rule = {
      title: entry.title,
      dataAttribute: entry.flags.includes('?'),
      components: entry.spec.map(parseComponent),
      keyQualifiers:
        dlpkey === undefined
          ? null
          : dlpkey === 'dlpkey'
            ? [[]]
            : dlpkey
                .slice(7)
                .split('|')
                .map((s) => s.split(',')),
      requires: attr('req').map((a) =>
        a
          .slice(4)
          .split(',')
          .map((group) => group.split('+')),
      ),
      excludes: attr('ex').flatMap((a) => a.slice(3).split(',')),
    };
    const width = entry.first.length;
    for (let n = Number(entry.first); n <= Number(entry.last); n++) {
      const ai = String(n).padStart(width, '0');
      rules.set(ai, { ai, ...rule });
    }
  }
  return rules;
}

/** Every AI of the dictionary, by its digits. */
export const AI_RULES: ReadonlyMap<string, AiRule> = buildRules();

/** The Digital Link primary keys (`dlpkey`), in the dictionary's order. */
export const DL_PRIMARY_KEYS: readonly string[] = [...AI_RULES.values()]
  .filter((r) => r.keyQualifiers !== null)
  .map((r) => r.ai);

/** Why `value` does not fit `rule`, or null: each component's length, character set and linters. */
export function aiValueProblem(rule: AiRule, value: string): AiValueProblem | null {
  let at = 0;
  for (const c of rule.components) {
    if (at >= value.length) {
      if (c.optional) break;
      return 'LENGTH';
    }
    const part = c.variable ? value.slice(at) : value.slice(at, at + c.length);
    if (part.length > c.length || (!c.variable && part.length < c.length)) return 'LENGTH';
    if (!CHARSETS[c.charset].test(part)) return 'CHARSET';
    for (const name of c.linters) {
      const linter = LINTERS[name];
      if (linter && !linter.ok(part)) return linter.problem;
    }
    at += part.length;
  }
  return at === value.length ? null : 'LENGTH';
}

/** Whether `ai` matches a dictionary pattern: digits, `n` standing for any digit (`310n`, `31nn`). */
export function matchesAiPattern(pattern: string, ai: string): boolean {
  if (pattern.length !== ai.length) return false;
  for (let i = 0; i < pattern.length; i++) if (pattern[i] !== 'n' && pattern[i] !== ai[i]) return false;
  return true;
}

/**
 * The first AI among `ais` whose `req=` is not met or whose `ex=` is broken by the others (an AI does not
 * exclude itself), or null. GS1's syntax engine checks these over everything one carrier holds.
 */
export function pairingProblem(
  ais: readonly string[],
): { ai: string; problem: 'REQUIRES' | 'EXCLUDES' } | null {
  const present = (pattern: string) => ais.some((ai) => matchesAiPattern(pattern, ai));
  for (const ai of ais) {
    const rule = AI_RULES.get(ai);
    if (!rule) continue;
    for (const groups of rule.requires)
      if (!groups.some((group) => group.every(present))) return { ai, problem: 'REQUIRES' };
    if (
      rule.excludes.some((pattern) => ais.some((other) => other !== ai && matchesAiPattern(pattern, other)))
    )
      return { ai, problem: 'EXCLUDES' };
  }
  return null;
}
