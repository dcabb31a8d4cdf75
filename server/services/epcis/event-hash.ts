/**
 * The CBV 2.0 "EPCIS Event Hash ID" (decision 194): the same event gives the same `ni:///sha-256;…?ver=CBV2.0`
 * in any serialisation, so a capture knows an event it already holds when the event carries no eventID.
 * Written from the algorithm's rules and checked against GS1's reference implementation's vectors
 * (tests/fixtures/interop/epcis/event-hash/): the event's fields in the canonical property order, each
 * `key=value` with no separator; lists sorted; times in UTC at millisecond precision; CBV values as their
 * web URIs; EPC URIs and Digital Links as constrained canonical Digital Links on id.gs1.org; then ilmd,
 * extensions inside standard fields and the event's own extensions, each named `{namespace}localName`
 * and sorted. eventID, recordTime, errorDeclaration and certificationInfo take no part, as in the
 * reference implementation.
 */
import { createHash } from 'node:crypto';
import { type Gs1Key, parseEpcUri } from '#shared/gs1/epc-uri.ts';

type Json = unknown;
type Obj = Record<string, Json>;

const isObj = (v: Json): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Sorted by code point, as the reference implementation's strings sort (UTF-8 byte order). */
const byCodePoint = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
const sorted = (items: string[]) => [...items].sort(byCodePoint);

const CBV = 'https://ref.gs1.org/cbv/';
/** The GS1 web vocabulary the reference implementation writes measurement and alert types in. */
const GS1_VOC = 'https://ref.gs1.org/voc/';

/** Prefixes EPCIS 2.0's context defines, as XML namespaces (which is how the reference names keys). */
const WELL_KNOWN: Record<string, string> = {
  gs1: GS1_VOC,
  cbv: CBV,
  epcis: 'https://ref.gs1.org/epcis/',
  cbvmda: 'urn:epcglobal:cbv:mda',
};

const CBV_URNS: Array<[urn: string, web: string]> = [
  ['urn:epcglobal:cbv:bizstep:', `${CBV}BizStep-`],
  ['urn:epcglobal:cbv:disp:', `${CBV}Disp-`],
  ['urn:epcglobal:cbv:btt:', `${CBV}BTT-`],
  ['urn:epcglobal:cbv:sdt:', `${CBV}SDT-`],
  ['urn:epcglobal:cbv:er:', `${CBV}ER-`],
];

/** A plain decimal number written without sign noise, leading or trailing zeros ('23.0' is '23'). */
function canonicalNumber(text: string): string | null {
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && !m[3])) return null;
  const whole = (m[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  const fraction = (m[3] ?? '').replace(/0+$/, '');
  return `${m[1] === '-' ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Characters a constrained Digital Link value may carry as they are (anything else: left unconverted). */
const DL_VALUE = /^["'\-.0-9;<=>?A-Z_a-z]*$/;

const SHORT_NAMES: Record<string, string> = {
  gtin: '01',
  itip: '8006',
  cpid: '8010',
  gln: '414',
  party: '417',
  gsrnp: '8017',
  gsrn: '8018',
  gcn: '255',
  sscc: '00',
  gdti: '253',
  ginc: '401',
  gsin: '402',
  grai: '8003',
  giai: '8004',
  cpv: '22',
  lot: '10',
  ser: '21',
};

/** Each primary key's value and the one key qualifier the most fine-grained identification keeps. */
const KEY_RULES: Record<string, { value: RegExp; keep: Array<[ai: string, value: RegExp]> }> = {
  '00': { value: /^\d{18}$/, keep: [] },
  '01': {
    value: /^\d{14}$/,
    keep: [
      ['21', /^.{1,20}$/],
      ['10', /^.{1,20}$/],
      ['235', /^.{1,28}$/],
    ],
  },
  '253': { value: /^\d{13}.{0,17}$/, keep: [] },
  '255': { value: /^\d{13}\d{0,12}$/, keep: [] },
  '401': { value: /^.{1,30}$/, keep: [] },
  '402': { value: /^\d{17}$/, keep: [] },
  '414': { value: /^\d{13}$/, keep: [['254', /^.{1,20}$/]] },
  '417': { value: /^\d{13}$/, keep: [] },
  '8003': { value: /^\d{14}.{0,16}$/, keep: [] },
  '8004': { value: /^.{1,30}$/, keep: [] },
  '8006': {
    value: /^\d{18}$/,
    keep: [
      ['21', /^.{1,20}$/],
      ['10', /^.{1,20}$/],
    ],
  },
  '8010': { value: /^[#\-/0-9A-Z]{1,30}$/, keep: [['8011', /^\d{1,12}$/]] },
  '8017': { value: /^\d{18}$/, keep: [] },
  '8018': { value: /^\d{18}$/, keep: [] },
};
/** The constrained canonical Digital Link of a key: id.gs1.org, no query, only the finest qualifier. */
function constrainedLink(key: Gs1Key): string | null {
  const rule = KEY_RULES[key.ai];
  const value =
    key.ai === '01' && /^(\d{8}|\d{12,13})$/.test(key.value) ? key.value.padStart(14, '0') : key.value;
  if (!rule?.value.test(value) || (key.ai !== '8010' && !DL_VALUE.test(value))) return null;
  // A CPV (22) only refines a GTIN's or an ITIP's class; the lot gives way to the serial.
  const allowed = new Set([
    ...rule.keep.map(([ai]) => ai),
    ...(key.ai === '01' || key.ai === '8006' ? ['22'] : []),
  ]);
  if (key.qualifiers.some(([ai]) => !allowed.has(ai))) return null;
  const given = new Map(key.qualifiers);
  const kept = rule.keep.find(([ai]) => given.has(ai));
  let link = `https://id.gs1.org/${key.ai}/${value}`;
  if (kept) {
    const v = given.get(kept[0]) as string;
    if (!kept[1].test(v) || !DL_VALUE.test(v)) return null;
    link += `/${kept[0]}/${v}`;
  }
  return link;
}

/** The GS1 key of a Digital Link on any host, primary key and qualifiers by AI or short name. */
function digitalLinkKey(uri: string): Gs1Key | null {
  const m = /^https?:\/\/[^/?#]*(\/[^?#]*)/.exec(uri);
  if (!m) return null;
  const segments = (m[1] as string).split('/').slice(1);
  if (segments.at(-1) === '') segments.pop();
  const ai = (s: string) => SHORT_NAMES[s] ?? s;
  const start = segments.findIndex(
    (s, i) =>
      KEY_RULES[ai(s)] !== undefined &&
      /^\d{4}/.test(segments[i + 1] ?? '') &&
      (segments.length - i) % 2 === 0,
  );
  if (start < 0) return null;
  const qualifiers: Array<[string, string]> = [];
  for (let i = start + 2; i < segments.length; i += 2)
    qualifiers.push([ai(segments[i] as string), segments[i + 1] as string]);
  return { ai: ai(segments[start] as string), value: segments[start + 1] as string, qualifiers };
}

/** A GS1 identifier in EPC URI or Digital Link form as its constrained canonical Digital Link, else null. */
export function canonicalIdentifier(value: string): string | null {
  const key = parseEpcUri(value) ?? digitalLinkKey(value);
  return key && constrainedLink(key);
}

/** Prefix -> namespace, from the document's and the event's @context over EPCIS's own. */
export function namespacesOf(...contexts: Json[]): Record<string, string> {
  const out: Record<string, string> = { ...WELL_KNOWN };
  for (const context of contexts)
    for (const entry of Array.isArray(context) ? context : [context])
      if (isObj(entry)) for (const [k, v] of Object.entries(entry)) if (typeof v === 'string') out[k] = v;
  // The reference always reads gs1: values in the GS1 web vocabulary.
  out.gs1 = GS1_VOC;
  return out;
}

class Canonicaliser {
  constructor(private readonly ns: Record<string, string>) {}

  /** A namespaced key as `{namespace}localName`; any other key as it is. */
  key(name: string): string {
    const colon = name.indexOf(':');
    const ns = colon > 0 ? this.ns[name.slice(0, colon)] : undefined;
    return ns === undefined ? name : `{${ns}}${name.slice(colon + 1)}`;
  }

  /** CBV URNs as web URIs, GS1 vocabulary CURIEs expanded, numbers plain, GS1 identifiers canonical. */
  value(raw: Json): string {
    if (typeof raw === 'boolean') return raw ? 'true' : 'false';
    let text = String(raw ?? '').trim();
    const colon = text.indexOf(':');
    const ns = colon > 0 ? this.ns[text.slice(0, colon)] : undefined;
    if (ns && /^https:\/\/(ref\.)?gs1\.org/.test(ns)) text = `${ns}${text.slice(colon + 1)}`;
    for (const [urn, web] of CBV_URNS) text = text.replace(urn, web);
    text = canonicalNumber(text) ?? text;
    return canonicalIdentifier(text) ?? text;
  }

  /** A bare CBV or GS1 vocabulary name as its web URI (`shipping` is …/BizStep-shipping). */
  vocab(raw: Json, base: string): string {
    const text = String(raw ?? '').trim();
    return text && !text.includes(':') ? `${base}${text}` : this.value(text);
  }

  /** UTC, milliseconds always written, sub-millisecond digits rounded half up. */
  time(raw: Json): string {
    const text = String(raw ?? '').trim();
    const m = /^(.{19})(?:\.(\d+))?(Z|[+-]\d\d:\d\d)$/.exec(text);
    const at = m ? Date.parse(`${m[1]}${m[3]}`) : Number.NaN;
    if (!m || Number.isNaN(at)) return text;
    const digits = `${m[2] ?? ''}0000`;
    const ms = Number(digits.slice(0, 3)) + (Number(digits[3]) >= 5 ? 1 : 0);
    return new Date(at + ms).toISOString();
  }

  /** Extension content (ilmd, user fields): key=value entries, a list as entries of one key, all sorted. */
  generic(entries: Array<[string, Json]>): string {
    const out: string[] = [];
    for (const [k, v] of entries)
      for (const item of Array.isArray(v) ? v : [v]) out.push(this.entry(this.key(k), item));
    return sorted(out).join('');
  }

  private entry(key: string, v: Json): string {
    if (isObj(v)) return `${key}${this.generic(Object.entries(v))}`;
    const text = v === null || v === undefined ? '' : this.value(v);
    return text ? `${key}=${text}` : key;
  }
}

type Field = (c: Canonicaliser, v: Json) => string;

const scalar =
  (name: string, how: (c: Canonicaliser, v: Json) => string = (c, v) => c.value(v)): Field =>
  (c, v) => {
    const text = v === undefined || v === null ? '' : how(c, v);
    return text ? `${name}=${text}` : '';
  };
/** A list field written once, its elements' strings sorted after it ('' when none has content). */
const list =
  (name: string, element: Field): Field =>
  (c, v) => {
    const items = (Array.isArray(v) ? v : []).map((x) => element(c, x)).filter(Boolean);
    return items.length ? `${name}${sorted(items).join('')}` : '';
  };
const ordered =
  (prefix: string, fields: Array<[string, Field]>): Field =>
  (c, v) => {
    if (!isObj(v)) return '';
    const body = fields.map(([k, f]) => f(c, v[k])).join('');
    return body ? `${prefix}${body}` : '';
  };

const epcs = (name: string) => list(name, scalar('epc'));
const quantities = (name: string) =>
  list(
    name,
    ordered('quantityElement', [
      ['epcClass', scalar('epcClass')],
      ['quantity', scalar('quantity')],
      ['uom', scalar('uom')],
    ]),
  );
const vocab = (name: string, base: string) => scalar(name, (c, v) => c.vocab(v, base));
const time = (name: string) => scalar(name, (c, v) => c.time(v));
/** bizTransaction, source and destination: the type first, then the identifier. */
const typed = (name: string, value: string, base: string) =>
  list(
    name,
    ordered('', [
      ['type', vocab('type', base)],
      [value, scalar(value)],
    ]),
  );

const SENSOR_METADATA: Array<[string, Field]> = [
  ['time', time('time')],
  ['startTime', time('startTime')],
  ['endTime', time('endTime')],
  ['deviceID', scalar('deviceID')],
  ['deviceMetadata', scalar('deviceMetadata')],
  ['rawData', scalar('rawData')],
  ['dataProcessingMethod', scalar('dataProcessingMethod')],
  ['bizRules', scalar('bizRules')],
];
const SENSOR_REPORT: Array<[string, Field]> = [
  ['type', vocab('type', GS1_VOC)],
  ['exception', vocab('exception', GS1_VOC)],
  ...(['deviceID', 'deviceMetadata', 'rawData', 'dataProcessingMethod'] as const).map(
    (k): [string, Field] => [k, scalar(k)],
  ),
  ['time', time('time')],
  ...(['microorganism', 'chemicalSubstance', 'value'] as const).map((k): [string, Field] => [k, scalar(k)]),
  ['component', vocab('component', `${CBV}Comp-`)],
  ...(
    [
      'stringValue',
      'booleanValue',
      'hexBinaryValue',
      'uriValue',
      'minValue',
      'maxValue',
      'meanValue',
      'sDev',
      'percRank',
      'percValue',
      'uom',
      'coordinateReferenceSystem',
    ] as const
  ).map((k): [string, Field] => [k, scalar(k)]),
];
const sensorElement: Field = (c, v) => {
  if (!isObj(v)) return '';
  const metadata = ordered('sensorMetadata', SENSOR_METADATA)(c, v.sensorMetadata);
  const reports = (Array.isArray(v.sensorReport) ? v.sensorReport : [])
    .map((r) => ordered('sensorReport', SENSOR_REPORT)(c, r))
    .filter(Boolean);
  const body = metadata + sorted(reports).join('');
  return body ? `sensorElement${body}` : '';
};

/** The canonical property order, each field with how it is written. */
const PROPERTY_ORDER: Array<[string, Field]> = [
  ['eventTime', time('eventTime')],
  ['eventTimeZoneOffset', scalar('eventTimeZoneOffset', (_c, v) => String(v).trim())],
  ['epcList', epcs('epcList')],
  ['parentID', scalar('parentID')],
  ['inputEPCList', epcs('inputEPCList')],
  ['childEPCs', epcs('childEPCs')],
  ['quantityList', quantities('quantityList')],
  ['childQuantityList', quantities('childQuantityList')],
  ['inputQuantityList', quantities('inputQuantityList')],
  ['outputEPCList', epcs('outputEPCList')],
  ['outputQuantityList', quantities('outputQuantityList')],
  ['action', scalar('action')],
  ['transformationID', scalar('transformationID')],
  ['bizStep', vocab('bizStep', `${CBV}BizStep-`)],
  ['disposition', vocab('disposition', `${CBV}Disp-`)],
  [
    'persistentDisposition',
    ordered('persistentDisposition', [
      ['set', list('', vocab('set', `${CBV}Disp-`))],
      ['unset', list('', vocab('unset', `${CBV}Disp-`))],
    ]),
  ],
  ['readPoint', ordered('readPoint', [['id', scalar('id')]])],
  ['bizLocation', ordered('bizLocation', [['id', scalar('id')]])],
  ['bizTransactionList', typed('bizTransactionList', 'bizTransaction', `${CBV}BTT-`)],
  ['sourceList', typed('sourceList', 'source', `${CBV}SDT-`)],
  ['destinationList', typed('destinationList', 'destination', `${CBV}SDT-`)],
  // CBV 2.0 writes each sensorElement without the list's name.
  [
    'sensorElementList',
    (c, v) => sorted((Array.isArray(v) ? v : []).map((x) => sensorElement(c, x))).join(''),
  ],
];
const STANDARD = new Set(PROPERTY_ORDER.map(([k]) => k));
/** Fields that take no part in the hash. */
const IGNORED = new Set([
  '@context',
  'type',
  'eventID',
  'recordTime',
  'errorDeclaration',
  'certificationInfo',
  'ilmd',
]);

const isExtension = (key: string) => key.includes(':');
const extensionsOf = (v: Json): Array<[string, Json]> =>
  isObj(v) ? Object.entries(v).filter(([k]) => isExtension(k)) : [];

/** User extensions inside the standard fields that have extension points, prefixed by their field's path. */
function fieldExtensions(c: Canonicaliser, event: Obj): string {
  const parts: string[] = [];
  for (const name of ['readPoint', 'bizLocation'] as const) {
    const ext = extensionsOf(event[name]);
    if (ext.length) parts.push(`${name}${c.generic(ext)}`);
  }
  const elements = Array.isArray(event.sensorElementList) ? event.sensorElementList : [];
  const sensorParts = elements.flatMap((el) => {
    if (!isObj(el)) return [];
    const inner: string[] = [];
    const metadata = extensionsOf(el.sensorMetadata);
    if (metadata.length) inner.push(`sensorMetadata${c.generic(metadata)}`);
    const reports = (Array.isArray(el.sensorReport) ? el.sensorReport : [])
      .map((r) => extensionsOf(r))
      .filter((ext) => ext.length)
      .map((ext) => `sensorReport${c.generic(ext)}`);
    inner.push(...sorted(reports));
    const own = extensionsOf(el);
    if (own.length) inner.push(c.generic(own));
    return inner.length ? [`sensorElement${inner.join('')}`] : [];
  });
  parts.push(...sorted(sensorParts));
  return parts.join('');
}

/** The pre-hash string of an event, its prefixes read with `namespaces` (namespacesOf). */
export function eventPreHash(event: Obj, namespaces: Record<string, string>): string {
  const c = new Canonicaliser(namespaces);
  const standard = PROPERTY_ORDER.map(([k, field]) => field(c, event[k])).join('');
  const ilmd = isObj(event.ilmd) ? `ilmd${c.generic(Object.entries(event.ilmd))}` : '';
  const own = Object.entries(event).filter(([k]) => !STANDARD.has(k) && !IGNORED.has(k));
  return `eventType=${String(event.type)}${standard}${ilmd}${fieldExtensions(c, event)}${c.generic(own)}`;
}

/** The Event Hash ID of an event, as EPCIS writes it in eventID. */
export function eventHashId(event: Obj, namespaces: Record<string, string>): string {
  const digest = createHash('sha256').update(eventPreHash(event, namespaces), 'utf8').digest('hex');
  return `ni:///sha-256;${digest}?ver=CBV2.0`;
}
