/**
 * EPCIS 2.0 JSON-LD for a product's or a lot's timeline (decisions 133, 193). Pure: domain rows in, document
 * out. A step the company wrote is an ObjectEvent about the lot (a quantityList whose epcClass is the lot's
 * Digital Link), or about the product class when the export is the product's own shared steps; a step
 * imported from an EPCIS document is the event as it came, with the namespaces its document declared.
 * Every event carries an eventID: the one it was imported or made with, else its event hash.
 */
import { bizStepOf } from '#shared/gs1/biz-steps.ts';
import { buildDigitalLink } from '#shared/gs1/digital-link.ts';
import { VIETNAM_OFFSET_MS, VIETNAM_UTC_OFFSET as VIETNAM_OFFSET } from '#shared/vietnam-time.ts';
import { exportContext } from './context.ts';
import { eventHashId, namespacesOf } from './event-hash.ts';

type Json = Record<string, unknown>;

export interface EpcisStep {
  activity: string;
  location: string;
  date: string;
  description: string;
  bizStep?: string | null;
  gln?: string | null;
  /** A lot's step: its EPCIS eventID (lot_events.event_id). */
  eventId?: string | null;
  /** An imported step: the event as received, and its document's other @context entries. */
  epcis?: Json | null;
  epcisContext?: unknown[] | null;
}

export interface EpcisLot {
  id: number;
  code: string;
  productionDate: string | null;
  expiryDate: string | null;
  expiryKind: 'EXPIRY' | 'BEST_BEFORE';
  quantity: number | null;
  unit: string | null;
  recalledAt: Date | null;
  createdAt: Date;
  steps: EpcisStep[];
}

export interface EpcisExportInput {
  publicUrl: string;
  now: Date;
  product: { id: number; gtin: string | null; steps: EpcisStep[] };
  /** The lot exported, or (for a product export) each of its lots. */
  lots: EpcisLot[];
  /** 'lot': the product's shared steps count as the lot's own journey; 'product': they are the class's. */
  scope: 'product' | 'lot';
}

/** A step's date (a calendar date or an ISO date-time) as an EPCIS eventTime in Vietnam time. */
export function vietnamEventTime(date: string): string {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}:\d{2})(?::(\d{2}))?(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(
    date.trim(),
  );
  if (m && !m[4]) return `${m[1]}T${m[2] ?? '00:00'}:${m[3] ?? '00'}${VIETNAM_OFFSET}`;
  const ms = Date.parse(date);
  if (Number.isNaN(ms)) throw new RangeError(`not a date: ${date}`);
  return `${new Date(ms + VIETNAM_OFFSET_MS).toISOString().slice(0, 19)}${VIETNAM_OFFSET}`;
}

function instantInVietnam(at: Date): string {
  return vietnamEventTime(at.toISOString());
}

/** UN/ECE Recommendation 20 codes for the units companies type; a count of items has no unit. */
const UNIT_CODES: Record<string, string | null> = {
  kg: 'KGM',
  kilogram: 'KGM',
  'ki-lo-gam': 'KGM',
  g: 'GRM',
  gam: 'GRM',
  gram: 'GRM',
  tan: 'TNE',
  tấn: 'TNE',
  l: 'LTR',
  lit: 'LTR',
  lít: 'LTR',
  ml: 'MLT',
};

function quantityElement(epcClass: string, lot: EpcisLot | null): Json {
  const el: Json = { epcClass };
  if (!lot || lot.quantity === null) return el;
  const unit = (lot.unit ?? '').trim().toLowerCase();
  if (unit in UNIT_CODES) {
    el.quantity = lot.quantity;
    el.uom = UNIT_CODES[unit];
  } else if (Number.isInteger(lot.quantity)) {
    // Boxes, bags, bottles: a number of items, which EPCIS writes without a unit of measure.
    el.quantity = lot.quantity;
  }
  return el;
}

/** The Digital Link (or, without a GTIN, the public page) that names the lot or the product class. */
export function classIdentifier(
  publicUrl: string,
  gtin: string | null,
  productId: number,
  lot?: EpcisLot,
): string {
  const base = publicUrl.replace(/\/+$/, '');
  if (gtin) return buildDigitalLink(base, { gtin, lot: lot?.code });
  return lot ? `${base}/lots/${lot.id}` : `${base}/products/details/${productId}`;
}

/** A GLN as a location identifier in the canonical Digital Link form EPCIS 2.0 uses. */
export function glnLocation(gln: string): string {
  return `https://id.gs1.org/414/${gln}`;
}

const DISPOSITION_OF_STEP: Record<string, string> = {
  commissioning: 'active',
  shipping: 'in_transit',
  transporting: 'in_transit',
  departing: 'in_transit',
  retail_selling: 'retail_sold',
};

/** An exported event: the event, whether the app writes it (not an imported one), and the @context it came with. */
interface Exported {
  event: Json;
  ours: boolean;
  context: unknown[] | null;
}

function stepEvent(step: EpcisStep, publicUrl: string, what: Json): Exported {
  if (step.epcis) {
    // Exported as it came; an event that came without an eventID is named by its event hash (kept as eventId).
    const event =
      step.epcis.eventID || !step.eventId ? { ...step.epcis } : { ...step.epcis, eventID: step.eventId };
    return { event, ours: false, context: step.epcisContext ?? null };
  }
  const bizStep = bizStepOf(step, publicUrl);
  const event: Json = {
    type: 'ObjectEvent',
    ...(step.eventId ? { eventID: step.eventId } : {}),
    eventTime: vietnamEventTime(step.date),
    eventTimeZoneOffset: VIETNAM_OFFSET,
    action: bizStep === 'commissioning' ? 'ADD' : 'OBSERVE',
    quantityList: [what],
    bizStep,
  };
  const disposition = DISPOSITION_OF_STEP[bizStep];
  if (disposition) event.disposition = disposition;
  if (step.gln) {
    event.readPoint = { id: glnLocation(step.gln) };
    event.bizLocation = { id: glnLocation(step.gln) };
  }
  // The words the company wrote, so that an import of this export gives back the same timeline.
  event['txng:activity'] = step.activity;
  if (step.location) event['txng:location'] = step.location;
  if (step.description) event['txng:description'] = step.description;
  return { event, ours: true, context: null };
}

const made = (event: Json): Exported => ({ event, ours: true, context: null });

function ilmdOf(lot: EpcisLot): Json {
  const ilmd: Json = { 'cbvmda:lotNumber': lot.code };
  // CBV 2.0 has no production-date attribute: the app's own term carries it.
  if (lot.productionDate) ilmd['txng:productionDate'] = lot.productionDate;
  if (lot.expiryDate)
    ilmd[lot.expiryKind === 'BEST_BEFORE' ? 'cbvmda:bestBeforeDate' : 'cbvmda:itemExpirationDate'] =
      lot.expiryDate;
  return ilmd;
}

/**
 * A lot's events: its journey steps, the lot's master data (ilmd) on the commissioning event the company
 * wrote (the first step that means commissioning, or one made from the lot's production date when no step,
 * written or imported, does), and, for a recalled lot, a last event with the CBV disposition `recalled`.
 */
function lotEvents(input: EpcisExportInput, lot: EpcisLot, shared: EpcisStep[]): Exported[] {
  const { publicUrl, product } = input;
  const what = quantityElement(classIdentifier(publicUrl, product.gtin, product.id, lot), lot);
  const events = [...shared, ...lot.steps].map((s) => stepEvent(s, publicUrl, what));
  const commissioning = events.filter((e) => e.event.bizStep === 'commissioning');
  const written = commissioning.find((e) => e.ours);
  if (written) {
    written.event.ilmd = ilmdOf(lot);
  } else if (!commissioning.length) {
    events.unshift(
      made({
        type: 'ObjectEvent',
        eventTime: lot.productionDate
          ? vietnamEventTime(lot.productionDate)
          : instantInVietnam(lot.createdAt),
        eventTimeZoneOffset: VIETNAM_OFFSET,
        action: 'ADD',
        quantityList: [what],
        bizStep: 'commissioning',
        disposition: 'active',
        ilmd: ilmdOf(lot),
      }),
    );
  }
  if (lot.recalledAt) {
    events.push(
      made({
        type: 'ObjectEvent',
        eventTime: instantInVietnam(lot.recalledAt),
        eventTimeZoneOffset: VIETNAM_OFFSET,
        action: 'OBSERVE',
        quantityList: [{ epcClass: what.epcClass }],
        bizStep: 'holding',
        disposition: 'recalled',
      }),
    );
  }
  return events;
}

export function buildEpcisDocument(input: EpcisExportInput): Json {
  const { publicUrl, product } = input;
  const base = publicUrl.replace(/\/+$/, '');
  let events: Exported[];
  if (input.scope === 'lot') {
    events = input.lots.flatMap((lot) => lotEvents(input, lot, product.steps));
  } else {
    const productClass = { epcClass: classIdentifier(publicUrl, product.gtin, product.id) };
    events = [
      ...product.steps.map((s) => stepEvent(s, publicUrl, productClass)),
      ...input.lots.flatMap((lot) => lotEvents(input, lot, [])),
    ];
  }
  const { context, own } = exportContext(
    { txng: `${base}/voc/` },
    events.map((e) => e.context),
  );
  const namespaces = namespacesOf(context);
  const eventList = events.map(({ event }, i) => {
    const kept = own.get(i);
    // An event the app made without a stored eventID (the product's steps, the lot's commissioning and
    // recall) is named by its event hash: the same event keeps the same eventID from export to export.
    const named = event.eventID
      ? event
      : { type: event.type, eventID: eventHashId(event, namespaces), ...event };
    return kept ? { '@context': kept, ...named } : named;
  });
  return {
    '@context': context,
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: instantInVietnam(input.now),
    epcisBody: { eventList },
  };
}
