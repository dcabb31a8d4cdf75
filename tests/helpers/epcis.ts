import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { asc, eq } from 'drizzle-orm';
import { lotEvents, lots, products } from '#server/db/schema/index.ts';
import type { AppDeps } from '#server/deps.ts';
import { EPCIS_CONTEXT } from '#server/services/epcis/context.ts';
import { callerFor, createUser, tokenFor } from './factories.ts';
import { createTestApi } from './http.ts';
import { readInterop } from './interop.ts';

/** GS1's official EPCIS 2.0 JSON Schema (the repository's copy), with the formats it relies on. */
export function officialEpcisSchema(): ValidateFunction {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  return ajv.compile(readInterop<object>('epcis', 'EPCIS-JSON-Schema.json'));
}

/** GS1's example GTIN and the lot the interop kit's documents name. */
export const LOT_GTIN = '09506000134352';
export const LOT_CODE = 'LOT2405';
/** The same lot as a Digital Link and as an LGTIN EPC Class URI (company prefix 9506000). */
export const LOT_LINK = `https://id.gs1.org/01/${LOT_GTIN}/10/${LOT_CODE}`;
export const LOT_URN = `urn:epc:class:lgtin:9506000.013435.${LOT_CODE}`;

/** An ACTIVE product with `gtin` and its lot `code`, of the company. */
export async function lotFor(deps: AppDeps, companyId: number, gtin = LOT_GTIN, code = LOT_CODE) {
  const [product] = await deps.db
    .insert(products)
    .values({
      companyId,
      name: 'Gạo ST25',
      status: 'ACTIVE',
      qrCode: `g${Math.random().toString(36).slice(2, 13)}`,
      gtin,
    })
    .returning();
  const [lot] = await deps.db.insert(lots).values({ companyId, productId: product!.id, code }).returning();
  return lot!;
}

/** A lot's own steps, in timeline order, every column. */
export const stepsOf = (deps: AppDeps, lotId: number) =>
  deps.db.select().from(lotEvents).where(eq(lotEvents.lotId, lotId)).orderBy(asc(lotEvents.position));

/** A company admin with a lot of LOT_GTIN and LOT_CODE, and `post` for EPCIS documents into it (REST). */
export async function companyWithLot(env: Record<string, string> = {}) {
  const api = await createTestApi(env);
  const admin = await createUser(api.deps, { role: 'COMPANY_ADMIN' });
  const lot = await lotFor(api.deps, admin.companyId as number);
  const token = await tokenFor(api.deps, admin);
  const post = (document: unknown) => api.call('POST', `/lots/${lot.id}/epcis`, { token, body: document });
  return { ...api, admin, lot, token, post, caller: callerFor(api.deps, admin) };
}

export type EpcisEvent = Record<string, unknown>;

/** An AssociationEvent (a reusable asset tied to another): valid EPCIS 2.0 that the import does not take. */
export const ASSOCIATION_EVENT: EpcisEvent = {
  type: 'AssociationEvent',
  eventTime: '2024-05-02T09:15:00.000+07:00',
  eventTimeZoneOffset: '+07:00',
  parentID: 'urn:epc:id:grai:4012345.55555.987',
  childEPCs: ['urn:epc:id:giai:4000001.12345'],
  action: 'ADD',
};

/** An EPCIS 2.0 document of `events`, its @context EPCIS's and `prefixes`. */
export function epcisDocument(events: EpcisEvent[], ...prefixes: Array<Record<string, string>>) {
  return {
    '@context': [EPCIS_CONTEXT, ...prefixes],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: '2026-11-20T08:00:00+07:00',
    epcisBody: { eventList: events },
  };
}

/** An ObjectEvent about the lot (its Digital Link), shipped at a time with milliseconds. */
export function shipping(over: EpcisEvent = {}): EpcisEvent {
  return {
    type: 'ObjectEvent',
    eventTime: '2024-05-02T09:15:00.250+07:00',
    eventTimeZoneOffset: '+07:00',
    action: 'OBSERVE',
    quantityList: [{ epcClass: LOT_LINK, quantity: 40, uom: 'KGM' }],
    bizStep: 'shipping',
    ...over,
  };
}
