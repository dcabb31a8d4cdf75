/**
 * EPCIS 2.0 JSON-LD for a product's or a lot's timeline (decisions 133, 193). Pure: domain rows in, document
 * out. A step the company wrote is an ObjectEvent about the lot (a quantityList whose epcClass is the lot's
 * Digital Link), or about the product class when the export is the product's own shared steps; a step
 * imported from an EPCIS document is the event as it came, with the namespaces its document declared.
 * Every event carries an eventID: the one it was imported or made with, else its event hash.
 */
import { bizStepOf } from '#shared/gs1/biz-steps.ts';
import { buildDigitalLink } from '#shared/gs1/digital-link.ts';
import { lotPath, productPath } from '#shared/public-paths.ts';
import { VIETNAM_UTC_OFFSET as VIETNAM_OFFSET } from '#shared/vietnam-time.ts';
import { EPCIS_MAX_LIST } from './bounds.ts';
import { exportContext } from './context.ts';
import { glnLocation, vietnamEventTime } from './event-fields.ts';
import { eventHashId, namespacesOf } from './event-hash.ts';
import {
  type EpcisInputLot,
  type EpcisMovement,
  type EpcisParty,
  movementEvent,
  transformationEvent,
} from './supply-chain.ts';

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
  /** Its supply chain (decision 203): what its timeline does not already hold as imported events. */
  chain?: LotChain;
}

/** A lot's receipts, shipments and inputs, as records the app keeps (not imported events). */
export interface LotChain {
  company: EpcisParty;
  movements: Array<Omit<EpcisMovement, 'epcClass'>>;
  /** The lots it was made from: at most EPCIS_MAX_LIST of them per TransformationEvent. */
  inputs: EpcisInputLot[];
  /** When its first input was recorded: the transformation's time when the lot has no production date. */
  inputsAt: Date | null;
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

export { glnLocation, vietnamEventTime };

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

/** The most input lots one TransformationEvent lists: an import's bound on any list (bounds.ts). */
const INPUTS_PER_EVENT = EPCIS_MAX_LIST;

function quantityElement(epcClass: string, lot: EpcisLot | null): Json {
  const el: Json = { epcClass };
  if (!lot || lot.quantity === null) return el;
  const unit = (lot.unit ?? '').trim().toLowerCase();
  // Own keys only: a unit typed as "constructor" or "__proto__" is no unit of measure.
  if (Object.hasOwn(UNIT_CODES, unit)) {
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
  lot?: Pick<EpcisLot, 'id' | 'code'>,
): string {
  const base = publicUrl.replace(/\/+$/, '');
  if (gtin) return buildDigitalLink(base, { gtin, lot: lot?.code });
  return `${base}${lot ? lotPath(lot.id) : productPath(productId)}`;
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

const own = (event: Json): Exported => ({ event, ours: true, context: null });

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
 * A lot's events: its receipts, the TransformationEvent that made it from other lots, its journey steps, its
 * shipments (decision 203); the lot's master data (ilmd) on the commissioning event the company wrote (the
 * first step that means commissioning, else its TransformationEvent, else one made from the lot's
 * production date when no step, written or imported, does), and, for a recalled lot, a last event with the
 * CBV disposition `recalled`.
 */
function lotEvents(input: EpcisExportInput, lot: EpcisLot, shared: EpcisStep[]): Exported[] {
  const { publicUrl, product } = input;
  const what = quantityElement(classIdentifier(publicUrl, product.gtin, product.id, lot), lot);
  const events = [...shared, ...lot.steps].map((s) => stepEvent(s, publicUrl, what));
  const chain = supplyChainEvents(publicUrl, lot, what);
  const commissioning = events.filter((e) => e.event.bizStep === 'commissioning');
  const written = commissioning.find((e) => e.ours);
  if (written) {
    written.event.ilmd = ilmdOf(lot);
  } else if (!commissioning.length) {
    // A lot made from others: its TransformationEvent is where it begins, and carries its master data.
    const made = chain.transformations[0];
    if (made) made.event.ilmd = ilmdOf(lot);
    else
      events.unshift(
        own({
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
    chain.shipped.push(
      own({
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
  return [...chain.received, ...chain.transformations, ...events, ...chain.shipped];
}

/**
 * A lot's supply chain as events (decision 203): its receipts, the TransformationEvent that made it from its
 * inputs, its shipments. Every one is ours, named by its event hash.
 */
function supplyChainEvents(publicUrl: string, lot: EpcisLot, what: Json) {
  const base = publicUrl.replace(/\/+$/, '');
  const chain = lot.chain;
  const movements = (kind: EpcisMovement['kind']) =>
    chain
      ? chain.movements
          .filter((mv) => mv.kind === kind)
          .map((mv) => own(movementEvent(base, chain.company, { ...mv, epcClass: what.epcClass as string })))
      : [];
  const transformations: Exported[] = [];
  const inputs = chain?.inputs ?? [];
  const madeAt = lot.productionDate ?? (chain?.inputsAt ?? lot.createdAt).toISOString();
  for (let i = 0; i < inputs.length; i += INPUTS_PER_EVENT)
    transformations.push(own(transformationEvent(what, inputs.slice(i, i + INPUTS_PER_EVENT), madeAt)));
  return { received: movements('receipt'), transformations, shipped: movements('shipment') };
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
