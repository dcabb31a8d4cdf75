/**
 * The objects an EPCIS event is about ("what"), list by list, with the GS1 keys each identifier names in
 * either form (Digital Link or EPC URI, shared/gs1/epc-uri.ts): what an import checks against its lot and
 * stores in lot_event_objects (decision 193).
 */
import { gs1KeyOf } from '#shared/gs1/epc-uri.ts';

/** The event's lists of objects, as EPCIS names them. */
export const OBJECT_LISTS = {
  instances: ['epcList', 'childEPCs', 'inputEPCList', 'outputEPCList'],
  quantities: ['quantityList', 'childQuantityList', 'inputQuantityList', 'outputQuantityList'],
  /** The container an AggregationEvent or a TransactionEvent names: not the goods themselves. */
  parent: ['parentID'],
} as const;
export type ObjectList =
  | (typeof OBJECT_LISTS)['instances'][number]
  | (typeof OBJECT_LISTS)['quantities'][number]
  | (typeof OBJECT_LISTS)['parent'][number];

export interface EventObject {
  list: ObjectList;
  identifier: string;
  /** 14 digits, when the identifier names a trade item (a GTIN, its lot or serial, or its class). */
  gtin: string | null;
  lotCode: string | null;
  serial: string | null;
  quantity: number | null;
  uom: string | null;
}

function keysOf(identifier: string): Pick<EventObject, 'gtin' | 'lotCode' | 'serial'> {
  const key = gs1KeyOf(identifier);
  if (key?.ai !== '01') return { gtin: null, lotCode: null, serial: null };
  const q = new Map(key.qualifiers);
  return { gtin: key.value, lotCode: q.get('10') ?? null, serial: q.get('21') ?? null };
}

/** Every object an event names, in its lists' order. The event has passed the schema. */
export function objectsOf(event: Record<string, unknown>): EventObject[] {
  const out: EventObject[] = [];
  const add = (
    list: ObjectList,
    identifier: string,
    quantity: number | null = null,
    uom: string | null = null,
  ) => out.push({ list, identifier, ...keysOf(identifier), quantity, uom });
  for (const list of OBJECT_LISTS.parent)
    if (typeof event[list] === 'string') add(list, event[list] as string);
  for (const list of OBJECT_LISTS.instances)
    for (const id of (event[list] as string[] | undefined) ?? []) add(list, id);
  for (const list of OBJECT_LISTS.quantities)
    for (const q of (event[list] as
      | Array<{ epcClass: string; quantity?: number; uom?: string }>
      | undefined) ?? [])
      add(list, q.epcClass, q.quantity ?? null, q.uom ?? null);
  return out;
}

/** How many identifiers an event names, counted before anything is read into objects. */
export function objectCount(event: Record<string, unknown>): number {
  return [...OBJECT_LISTS.instances, ...OBJECT_LISTS.quantities].reduce(
    (n, list) => n + (Array.isArray(event[list]) ? (event[list] as unknown[]).length : 0),
    OBJECT_LISTS.parent.filter((list) => typeof event[list] === 'string').length,
  );
}
