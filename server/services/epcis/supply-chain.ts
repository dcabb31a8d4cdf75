/**
 * The supply chain in EPCIS 2.0 (decision 203), pure: receipts and shipments are ObjectEvents (bizStep
 * receiving / shipping) whose sourceList and destinationList name the owning parties (and the partner's
 * location when it has a GLN) and whose quantityList holds the lot with its Rec 20 unit; a lot made from
 * other lots is one TransformationEvent, inputs in inputQuantityList, the lot in outputQuantityList.
 * Documents go in bizTransactionList with their CBV type. Every event is named by its CBV 2.0 event hash,
 * stable while the record is.
 */
import { quantityNumber } from '#shared/quantity.ts';
import { CBV_BIZ_TRANSACTION, type DocumentType } from '#shared/supply-chain.ts';
import { VIETNAM_UTC_OFFSET } from '#shared/vietnam-time.ts';
import { exportContext } from './context.ts';
import { glnLocation, vietnamEventTime } from './document.ts';
import { eventHashId, namespacesOf } from './event-hash.ts';

type Json = Record<string, unknown>;

/** A party as EPCIS names it: the company or a partner. */
export interface EpcisParty {
  /** The record's own id, for a URI when there is neither GLN nor tax code. */
  id: number;
  kind: 'company' | 'partner';
  name: string;
  gln: string | null;
  taxCode: string | null;
}

export interface EpcisMovement {
  kind: 'receipt' | 'shipment';
  /** The lot's class identifier (its Digital Link, decision 133). */
  epcClass: string;
  partner: EpcisParty;
  quantity: string;
  unit: string;
  date: string;
  documentType: DocumentType | null;
  documentNumber: string | null;
  supplierLotCode?: string | null;
}

export interface EpcisTransformation {
  /** The lot made. */
  output: { epcClass: string; quantity: string | null; unit: string | null };
  inputs: { epcClass: string; quantity: string; unit: string }[];
  /** When the lot was made: its production date, else when its inputs were recorded. */
  date: string;
}

export interface SupplyChainExportInput {
  publicUrl: string;
  now: Date;
  company: EpcisParty;
  movements: EpcisMovement[];
  transformation: EpcisTransformation | null;
}

/**
 * A party's identifier: its party GLN (`/417/`) when it has one, else its tax code, else the record, in the
 * app's own namespace (decision 132's `voc/`), so an import of this export finds the same partner again.
 */
export function partyId(base: string, party: EpcisParty): string {
  if (party.gln) return `https://id.gs1.org/417/${party.gln}`;
  if (party.taxCode) return `${base}/voc/party/mst/${encodeURIComponent(party.taxCode)}`;
  return `${base}/voc/party/${party.kind}/${party.id}`;
}

/** The tax code a party identifier of ours names, or null. */
export function taxCodeOfPartyId(base: string, uri: string): string | null {
  const prefix = `${base}/voc/party/mst/`;
  return uri.startsWith(prefix) ? decodeURIComponent(uri.slice(prefix.length)) : null;
}

const quantityElement = (epcClass: string, quantity: string, unit: string): Json => ({
  epcClass,
  quantity: quantityNumber(quantity),
  uom: unit,
});

function documentsOf(base: string, company: EpcisParty, type: DocumentType | null, number: string | null) {
  if (!type || !number) return {};
  const cbv = CBV_BIZ_TRANSACTION[type];
  const bizTransaction = `${base}/voc/bt/${company.id}/${encodeURIComponent(number)}`;
  return { bizTransactionList: [cbv ? { type: cbv, bizTransaction } : { bizTransaction }] };
}

function movementEvent(base: string, company: EpcisParty, mv: EpcisMovement): Json {
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
    bizStep: mv.kind === 'receipt' ? 'receiving' : 'shipping',
    disposition: mv.kind === 'receipt' ? 'in_progress' : 'in_transit',
    quantityList: [quantityElement(mv.epcClass, mv.quantity, mv.unit)],
    ...(company.gln ? { bizLocation: { id: glnLocation(company.gln) } } : {}),
    ...documentsOf(base, company, mv.documentType, mv.documentNumber),
    sourceList: sources,
    destinationList: destinations,
    // The partner's name as the company knows it, and the supplier's own lot code: nothing in EPCIS's
    // vocabulary carries them, so the app's own terms do (prefix txng, declared in @context).
    'txng:partnerName': mv.partner.name,
  };
  if (mv.supplierLotCode) event['txng:supplierLotCode'] = mv.supplierLotCode;
  return event;
}

function transformationEvent(t: EpcisTransformation): Json {
  const output: Json = { epcClass: t.output.epcClass };
  if (t.output.quantity && t.output.unit)
    Object.assign(output, quantityElement(t.output.epcClass, t.output.quantity, t.output.unit));
  return {
    type: 'TransformationEvent',
    eventTime: vietnamEventTime(t.date),
    eventTimeZoneOffset: VIETNAM_UTC_OFFSET,
    inputQuantityList: t.inputs.map((i) => quantityElement(i.epcClass, i.quantity, i.unit)),
    outputQuantityList: [output],
    bizStep: 'commissioning',
    disposition: 'active',
  };
}

/** The lot's receipts, its transformation and its shipments as one EPCIS 2.0 document. */
export function buildSupplyChainDocument(input: SupplyChainExportInput): Json {
  const base = input.publicUrl.replace(/\/+$/, '');
  const events = [
    ...input.movements
      .filter((mv) => mv.kind === 'receipt')
      .map((mv) => movementEvent(base, input.company, mv)),
    ...(input.transformation ? [transformationEvent(input.transformation)] : []),
    ...input.movements
      .filter((mv) => mv.kind === 'shipment')
      .map((mv) => movementEvent(base, input.company, mv)),
  ];
  const { context } = exportContext({ txng: `${base}/voc/` }, []);
  const namespaces = namespacesOf(context);
  return {
    '@context': context,
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: vietnamEventTime(input.now.toISOString()),
    epcisBody: {
      eventList: events.map((event) => ({
        type: event.type,
        eventID: eventHashId(event, namespaces),
        ...event,
      })),
    },
  };
}
