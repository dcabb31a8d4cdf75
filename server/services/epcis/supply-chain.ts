/**
 * The supply chain in EPCIS 2.0 (decision 203), pure, both ways.
 *
 * Export: a receipt (one step back) and a shipment (one step forward) are ObjectEvents, action OBSERVE,
 * bizStep receiving / shipping, whose sourceList and destinationList name the owning parties (and a party's
 * location when it has a GLN) and whose quantityList holds the lot with its quantity and Rec 20 unit; the
 * document goes in bizTransactionList with its CBV type. A lot made from other lots is one
 * TransformationEvent: the inputs in inputQuantityList, the lot in outputQuantityList. The events carry no
 * eventID here: the document names each by its CBV 2.0 event hash (document.ts), stable while the record is.
 *
 * Import: which events are these kinds, and what their fields say (the party, the document, the quantity),
 * read back from what the export writes and from the other forms EPCIS allows (CBV web URIs, EPC URIs and
 * Digital Links on any host).
 */
import { gs1KeyOf } from '#shared/gs1/epc-uri.ts';
import { quantityNumber } from '#shared/quantity.ts';
import { CBV_BIZ_TRANSACTION, DOCUMENT_TYPES, type DocumentType } from '#shared/supply-chain.ts';
import { VIETNAM_UTC_OFFSET } from '#shared/vietnam-time.ts';
import { glnLocation, vietnamEventTime } from './event-fields.ts';

type Json = Record<string, unknown>;

/** A party as EPCIS names it: the company or a partner. */
export interface EpcisParty {
  /** The record's own id, for a URI when there is neither GLN nor tax code. */
  id: number;
  kind: 'company' | 'partner';
  name: string;
  gln: string | null;
  taxCode: string | null;
  /** Whether its name may be shown to anyone (a partner's `public_name`; the company's always is). */
  publicName: boolean;
}

export interface EpcisMovement {
  kind: 'receipt' | 'shipment';
  /** The lot's class identifier (its Digital Link, decision 133). */
  epcClass: string;
  partner: EpcisParty;
  /** Canonical decimal text (decision 201). */
  quantity: string;
  /** UN/CEFACT Rec 20 code. */
  unit: string;
  /** YYYY-MM-DD */
  date: string;
  documentType: DocumentType | null;
  documentNumber: string | null;
  supplierLotCode?: string | null;
}

export interface EpcisInputLot {
  epcClass: string;
  quantity: string;
  unit: string;
}

/** The app's own namespace (decision 132): parties, documents, terms EPCIS has none for. */
const voc = (base: string) => `${base.replace(/\/+$/, '')}/voc/`;

/**
 * A party's identifier: its party GLN as a Digital Link (`/417/`, as GS1's resolver and the company's
 * own Digital Links name it) when it has one, else its tax code, else the record, in the app's own
 * namespace, so that an import of this export finds the same partner again.
 */
export function partyId(base: string, party: EpcisParty): string {
  if (party.gln) return `https://id.gs1.org/417/${party.gln}`;
  if (party.taxCode) return `${voc(base)}party/mst/${encodeURIComponent(party.taxCode)}`;
  return `${voc(base)}party/${party.kind}/${party.id}`;
}

/** What a party identifier names: a GLN (any form), a tax code (on any host), or a record of this app. */
export type PartyKey = { gln: string } | { taxCode: string } | { partnerId: number } | { companyId: number };

export function partyKeyOf(base: string, uri: string): PartyKey | null {
  const key = gs1KeyOf(uri);
  if (key?.ai === '417' || key?.ai === '414') return { gln: key.value };
  // A tax code names one business in Vietnam whoever wrote the URI: matched on any host.
  const mst = /\/voc\/party\/mst\/([^/?#]+)$/.exec(uri);
  if (mst?.[1]) {
    try {
      return { taxCode: decodeURIComponent(mst[1]) };
    } catch {
      return null;
    }
  }
  // A record's id means something only in this app's own namespace.
  const own = new RegExp(`^${escapeRegExp(voc(base))}party/(partner|company)/([1-9]\\d{0,15})$`).exec(uri);
  if (own?.[1] && own[2])
    return own[1] === 'partner' ? { partnerId: Number(own[2]) } : { companyId: Number(own[2]) };
  return null;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const quantityElement = (epcClass: string, quantity: string, unit: string): Json => ({
  epcClass,
  quantity: quantityNumber(quantity),
  uom: unit,
});

/** A document as a business transaction: its CBV type (none for OTHER) and a URI of its number. */
function documentsOf(base: string, company: EpcisParty, type: DocumentType | null, number: string | null) {
  if (!type || !number) return {};
  const cbv = CBV_BIZ_TRANSACTION[type];
  const bizTransaction = `${voc(base)}bt/${company.id}/${encodeURIComponent(number)}`;
  return { bizTransactionList: [cbv ? { type: cbv, bizTransaction } : { bizTransaction }] };
}

/** A receipt or a shipment of the lot as an ObjectEvent (without eventID). */
export function movementEvent(base: string, company: EpcisParty, mv: EpcisMovement): Json {
  const from = mv.kind === 'receipt' ? mv.partner : company;
  const to = mv.kind === 'receipt' ? company : mv.partner;
  const sources: Json[] = [{ type: 'owning_party', source: partyId(base, from) }];
  const destinations: Json[] = [{ type: 'owning_party', destination: partyId(base, to) }];
  if (from.gln) sources.push({ type: 'location', source: glnLocation(from.gln) });
  if (to.gln) destinations.push({ type: 'location', destination: glnLocation(to.gln) });
  const event: Json = {
    type: 'ObjectEvent',
    eventTime: vietnamEventTime(mv.date),
    eventTimeZoneOffset: VIETNAM_UTC_OFFSET,
    action: 'OBSERVE',
    quantityList: [quantityElement(mv.epcClass, mv.quantity, mv.unit)],
    bizStep: mv.kind === 'receipt' ? 'receiving' : 'shipping',
    disposition: mv.kind === 'receipt' ? 'in_progress' : 'in_transit',
    ...(company.gln ? { bizLocation: { id: glnLocation(company.gln) } } : {}),
    ...documentsOf(base, company, mv.documentType, mv.documentNumber),
    sourceList: sources,
    destinationList: destinations,
  };
  // The partner's name, when the company lets it be shown (the export is public), and the supplier's own
  // lot code: nothing in EPCIS's vocabulary carries them, so the app's terms do (prefix txng, in @context).
  if (mv.partner.publicName) event['txng:partnerName'] = mv.partner.name;
  if (mv.supplierLotCode) event['txng:supplierLotCode'] = mv.supplierLotCode;
  return event;
}

/**
 * The lot made from its inputs as a TransformationEvent (without eventID): `output` is the lot's own
 * quantity element (its class, with its quantity when it has one), `date` when it was made.
 */
export function transformationEvent(output: Json, inputs: EpcisInputLot[], date: string): Json {
  return {
    type: 'TransformationEvent',
    eventTime: vietnamEventTime(date),
    eventTimeZoneOffset: VIETNAM_UTC_OFFSET,
    inputQuantityList: inputs.map((i) => quantityElement(i.epcClass, i.quantity, i.unit)),
    outputQuantityList: [output],
    bizStep: 'commissioning',
    disposition: 'active',
  };
}

// ---------------------------------------------------------------------------------------------------
// Import

const CBV_WEB = 'https://ref.gs1.org/cbv/';

/**
 * A CBV value as its bare name, written bare or as its web URI (EPCIS 2.0's JSON schema refuses the
 * `urn:epcglobal:cbv:` forms), or null when it is another vocabulary's.
 */
function cbvName(value: unknown, web: string): string | null {
  if (typeof value !== 'string') return null;
  if (value.startsWith(`${CBV_WEB}${web}-`)) return value.slice(`${CBV_WEB}${web}-`.length);
  return /^[a-z_]+$/.test(value) ? value : null;
}

type PartyList = Array<Record<string, unknown>> | undefined;

/** The first owning party a sourceList or destinationList names. */
function owningParty(list: PartyList, field: 'source' | 'destination'): string | null {
  for (const entry of list ?? []) {
    if (cbvName(entry.type, 'SDT') === 'owning_party' && typeof entry[field] === 'string')
      return entry[field] as string;
  }
  return null;
}

/**
 * Whether an ObjectEvent is a receipt or a shipment the import records: bizStep receiving with a source
 * owning party, or shipping with a destination owning party (the partner). Any other event, and these
 * without the party, only join the lot's timeline, as before (decision 193).
 */
export function movementOf(event: Json): { kind: 'receipt' | 'shipment'; party: string } | null {
  if (event.type !== 'ObjectEvent') return null;
  const step = cbvName(event.bizStep, 'BizStep');
  if (step === 'receiving') {
    const party = owningParty(event.sourceList as PartyList, 'source');
    return party ? { kind: 'receipt', party } : null;
  }
  if (step === 'shipping') {
    const party = owningParty(event.destinationList as PartyList, 'destination');
    return party ? { kind: 'shipment', party } : null;
  }
  return null;
}

const TYPE_OF_CBV = new Map(
  DOCUMENT_TYPES.flatMap((t) => {
    const cbv = CBV_BIZ_TRANSACTION[t];
    return cbv ? [[cbv, t] as const] : [];
  }),
);
const DOCUMENT_NUMBER_MAX = 100;

/** The number a business transaction URI names: ours, the CBV's `urn:epcglobal:cbv:bt:{gln}:{n}`, else its last part. */
function documentNumberOf(uri: string): string {
  const ours = /\/voc\/bt\/\d+\/([^/?#]+)$/.exec(uri);
  const cbv = /^urn:epcglobal:cbv:bt:[^:]+:(.+)$/.exec(uri);
  const raw = ours?.[1] ?? cbv?.[1] ?? uri.split(/[/:#]/).filter(Boolean).at(-1) ?? uri;
  let text = raw;
  try {
    text = decodeURIComponent(raw);
  } catch {
    // Kept as written.
  }
  return text.trim().slice(0, DOCUMENT_NUMBER_MAX);
}

/**
 * The event's document: the first business transaction of a type the app knows (invoice, despatch advice,
 * purchase order, receiving advice, bill of lading), else the first one as OTHER; null when it has none.
 */
export function documentOf(event: Json): { documentType: DocumentType; documentNumber: string } | null {
  const list =
    (event.bizTransactionList as Array<{ type?: unknown; bizTransaction: string }> | undefined) ?? [];
  const typed = list.map((bt) => ({ bt, type: TYPE_OF_CBV.get(cbvName(bt.type, 'BTT') ?? '') }));
  const chosen = typed.find((t) => t.type) ?? typed[0];
  if (!chosen) return null;
  const documentNumber = documentNumberOf(chosen.bt.bizTransaction);
  return documentNumber ? { documentType: chosen.type ?? 'OTHER', documentNumber } : null;
}

/** An extension the export writes in the app's own terms (`txng:…`), as text, or undefined. */
export function ownTerm(event: Json, name: string, maxLength: number): string | undefined {
  const value = event[`txng:${name}`];
  return typeof value === 'string' && value.trim() ? value.trim().slice(0, maxLength) : undefined;
}

/** A quantity element's unit: its Rec 20 code, or H87 (pieces) for a count, which EPCIS writes without one. */
export const unitOfElement = (uom: string | null): string => uom ?? 'H87';
