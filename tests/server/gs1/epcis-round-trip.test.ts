import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { EPCIS_CONTEXT } from '#server/services/epcis/context.ts';
import { eventHashId, namespacesOf } from '#server/services/epcis/event-hash.ts';
import { exportLotEpcis, exportProductEpcis } from '#server/services/epcis/export.ts';
import {
  companyWithLot,
  type EpcisEvent,
  epcisDocument,
  LOT_LINK,
  LOT_URN,
  lotFor,
  officialEpcisSchema,
  shipping,
} from '#tests/helpers/epcis.ts';
import { tables } from '#tests/helpers/deps.ts';

const { lotEventObjects, lotEvents, lots, trackingEntries } = tables;

const official = officialEpcisSchema();
const PUBLIC_URL = 'https://truyxuat.example.vn';
const EXAMPLE = { example: 'https://ns.example.com/epcis/' };
const ACME = { acme: 'https://acme.example.vn/voc#' };

/** Events with every field an outside party writes that the app's own steps never do. */
const RICH: EpcisEvent[] = [
  {
    type: 'ObjectEvent',
    eventID: 'urn:uuid:0c7e1a52-5b8f-4b0e-9d3c-7a2f6e9b1c44',
    eventTime: '2024-05-01T07:30:00.123+07:00',
    eventTimeZoneOffset: '+07:00',
    recordTime: '2024-05-01T07:31:02.456+07:00',
    certificationInfo: 'https://cert.example.vn/vietgap/2024-117',
    action: 'ADD',
    epcList: ['urn:epc:id:sgtin:9506000.013435.1001'],
    quantityList: [{ epcClass: LOT_URN, quantity: 12.5, uom: 'KGM' }],
    bizStep: 'commissioning',
    disposition: 'active',
    persistentDisposition: { set: ['completeness_verified'] },
    // The read point is a dock of one place (an SGLN with its extension), the business location another.
    readPoint: { id: 'urn:epc:id:sgln:893000.000002.7', 'example:dock': 'B' },
    bizLocation: { id: 'https://id.gs1.org/414/8930000000019' },
    bizTransactionList: [{ type: 'po', bizTransaction: 'urn:epcglobal:cbv:bt:8930000000019:PO-7' }],
    sourceList: [{ type: 'owning_party', source: 'urn:epc:id:pgln:893000.000001' }],
    destinationList: [{ type: 'location', destination: 'urn:epc:id:sgln:893000.000002.0' }],
    sensorElementList: [
      {
        sensorMetadata: { time: '2024-05-01T07:29:59.900+07:00', deviceID: 'urn:epc:id:giai:893000.T1' },
        sensorReport: [{ type: 'Temperature', value: 4.5, uom: 'CEL', 'example:probe': 'P2' }],
        'example:battery': '87',
      },
    ],
    ilmd: {
      'cbvmda:lotNumber': 'LOT2405',
      'example:harvest': { 'example:field': 'Ô 3', 'example:day': '2024-04-30' },
    },
    'example:myField': { 'example:sub': ['1', '2'] },
  },
  {
    // No eventID; a disposition its business step would not give; a read point without a business location.
    type: 'ObjectEvent',
    eventTime: '2024-05-03T08:00:00.007+07:00',
    eventTimeZoneOffset: '+07:00',
    action: 'OBSERVE',
    quantityList: [{ epcClass: LOT_LINK, quantity: 3 }],
    bizStep: 'inspecting',
    disposition: 'damaged',
    readPoint: { id: 'https://id.gs1.org/414/8930000000019' },
    'acme:note': 'Bao rách khi bốc dỡ',
  },
  {
    type: 'AggregationEvent',
    eventID: 'ni:///sha-256;5b0c1c1f4f1b7b62b1e1f3c83e2c1a0f7d9e6b5a4c3d2e1f0a9b8c7d6e5f4a3b?ver=CBV2.0',
    eventTime: '2024-05-03T09:00:00.000+07:00',
    eventTimeZoneOffset: '+07:00',
    parentID: 'urn:epc:id:sscc:9506000.0000000017',
    childEPCs: ['urn:epc:id:sgtin:9506000.013435.1001'],
    action: 'ADD',
    bizStep: 'packing',
  },
  {
    type: 'TransactionEvent',
    eventTime: '2024-05-04T10:00:00+07:00',
    eventTimeZoneOffset: '+07:00',
    bizTransactionList: [{ type: 'inv', bizTransaction: 'urn:epcglobal:cbv:bt:8930000000019:HD-0042' }],
    parentID: 'urn:epc:id:sscc:9506000.0000000017',
    quantityList: [{ epcClass: LOT_LINK, quantity: 12.5, uom: 'KGM' }],
    action: 'ADD',
  },
  {
    type: 'TransformationEvent',
    eventID: 'urn:uuid:1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b',
    eventTime: '2024-04-30T16:00:00.000+07:00',
    eventTimeZoneOffset: '+07:00',
    inputQuantityList: [
      { epcClass: 'https://id.gs1.org/01/09506000134369/10/PADDY-7', quantity: 20, uom: 'KGM' },
    ],
    outputQuantityList: [{ epcClass: LOT_LINK, quantity: 12.5, uom: 'KGM' }],
    transformationID: 'urn:uuid:3a2b1c0d-9e8f-4a7b-8c6d-5e4f3a2b1c0d',
    bizLocation: { id: 'https://id.gs1.org/414/8930000000019' },
    ilmd: { 'cbvmda:lotNumber': 'LOT2405' },
  },
];

async function importedLot(events = RICH, ...prefixes: Array<Record<string, string>>) {
  const company = await companyWithLot({ PUBLIC_URL });
  // The rice lot the TransformationEvent made the lot from: an input must be a lot of the company (decision 203).
  await lotFor(company.deps, company.admin.companyId as number, '09506000134369', 'PADDY-7');
  const doc = epcisDocument(events, ...(prefixes.length ? prefixes : [EXAMPLE, ACME]));
  await company.caller.epcis.importIntoLot({ lotId: company.lot.id, document: doc });
  return { ...company, doc };
}

type Doc = { '@context': unknown[]; epcisBody: { eventList: EpcisEvent[] } };

describe('what is imported is exported as it came', () => {
  it('[COMPANY_ADMIN][REST][epcis]: every imported event comes back field by field, each with an eventID, under its namespaces', async () => {
    const { call, lot, doc, token } = await importedLot();
    expect(official(doc), JSON.stringify(official.errors)).toBe(true);
    // The company's own export (decision 203): the public one leaves out the TransformationEvent, recorded as
    // the lot's inputs (its supply chain is the company's business, decision 200).
    const open = JSON.parse((await call('GET', `/epcis/lots/${lot.id}`)).text) as Doc;
    expect(open.epcisBody.eventList.map((e) => e.type)).not.toContain('TransformationEvent');
    expect(open.epcisBody.eventList).toHaveLength(RICH.length - 1);
    const res = await call('GET', `/lots/${lot.id}/epcis`, { token });
    expect(res.status).toBe(200);
    const exported = JSON.parse(res.text) as Doc;
    expect(official(exported), JSON.stringify(official.errors)).toBe(true);

    const namespaces = namespacesOf(doc['@context']);
    // The lot commissions itself in the first event: the export adds no event of its own.
    expect(exported.epcisBody.eventList).toHaveLength(RICH.length);
    exported.epcisBody.eventList.forEach((event, i) => {
      const sent = RICH[i]!;
      expect(event).toEqual(sent.eventID ? sent : { ...sent, eventID: eventHashId(sent, namespaces) });
    });
    // Field by field, the meanings the issue names: eventID, milliseconds, two places, disposition, extensions.
    const [first, second] = exported.epcisBody.eventList;
    expect(first).toMatchObject({
      eventID: RICH[0]!.eventID,
      eventTime: '2024-05-01T07:30:00.123+07:00',
      readPoint: { id: 'urn:epc:id:sgln:893000.000002.7', 'example:dock': 'B' },
      bizLocation: { id: 'https://id.gs1.org/414/8930000000019' },
      disposition: 'active',
      'example:myField': { 'example:sub': ['1', '2'] },
    });
    expect(second).not.toHaveProperty('bizLocation');
    expect(second).toMatchObject({ disposition: 'damaged', eventTime: '2024-05-03T08:00:00.007+07:00' });
    expect(exported['@context']).toEqual([
      EPCIS_CONTEXT,
      { txng: `${PUBLIC_URL}/voc/`, ...EXAMPLE, ...ACME },
    ]);
  });

  it('[GUEST][tRPC][epcis]: the product export carries them too, and every event of every export is valid and named', async () => {
    const { deps, lot, caller } = await importedLot();
    // The product has a shared step and the lot one of its own beside the imported ones; another lot has none.
    await deps.db.insert(trackingEntries).values({
      productId: lot.productId,
      companyId: lot.companyId,
      position: 0,
      activity: 'Gieo sạ',
      date: '2024-01-10',
    });
    await caller.lots.update({
      id: lot.id,
      events: [
        ...(await caller.lots.get({ id: lot.id })).events.map((e) => ({ ...e, date: e.date.slice(0, 10) })),
        { activity: 'Bán cho đại lý', location: 'Cần Thơ', date: '2024-05-06' },
      ],
    });
    await deps.db.insert(lots).values({ companyId: lot.companyId, productId: lot.productId, code: 'B2' });
    for (const doc of [
      (await exportLotEpcis(deps, lot.id)) as Doc,
      (await exportProductEpcis(deps, lot.productId)) as Doc,
    ]) {
      expect(official(doc), JSON.stringify(official.errors)).toBe(true);
      const ids = doc.epcisBody.eventList.map((e) => e.eventID);
      expect(
        ids.every((id) => typeof id === 'string' && /^(urn:uuid:|ni:\/\/\/sha-256;)/.test(id as string)),
      ).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('[GUEST][tRPC][epcis]: a step the company wrote keeps its eventID from export to export; the app’s own events are named by their hash', async () => {
    const { lot, caller, ...api } = await companyWithLot({ PUBLIC_URL });
    await caller.lots.update({
      id: lot.id,
      events: [{ activity: 'Đóng gói', location: 'Xưởng', date: '2024-05-02T08:00' }],
    });
    const first = (await exportLotEpcis(api.deps, lot.id)) as Doc;
    const [made, written] = first.epcisBody.eventList;
    const [row] = await api.deps.db.select().from(lotEvents).where(eq(lotEvents.lotId, lot.id));
    expect(written).toMatchObject({ eventID: row!.eventId, 'txng:activity': 'Đóng gói' });
    expect(row!.eventId).toMatch(/^urn:uuid:[0-9a-f-]{36}$/);
    const { eventID, ...commissioning } = made!;
    expect(eventID).toBe(eventHashId(commissioning, namespacesOf(first['@context'])));
    // Later: the same events, the same eventIDs, and the capture of this export adds nothing new to the lot.
    const again = (await exportLotEpcis(api.deps, lot.id, new Date('2030-01-01T00:00:00Z'))) as Doc;
    expect(again.epcisBody.eventList.map((e) => e.eventID)).toEqual(
      first.epcisBody.eventList.map((e) => e.eventID),
    );
    await expect(caller.epcis.importIntoLot({ lotId: lot.id, document: first })).resolves.toMatchObject({
      added: 1,
      alreadyPresent: 1,
    });
  });

  it('[COMPANY_ADMIN][REST][lots]: the lot editor moves imported events without changing them; an edited one becomes the company’s step', async () => {
    const { call, deps, lot, token } = await importedLot();
    const before = (await exportLotEpcis(deps, lot.id)) as Doc;
    const got = (await call('GET', `/lots/${lot.id}`, { token })).body.data;
    // As the editor sends them: day-only dates, no bizStep or GLN, the steps reversed.
    const sent = got.events
      .map((e: { id: number; activity: string; location: string; date: string; description: string }) => ({
        id: e.id,
        activity: e.activity,
        location: e.location,
        date: e.date.slice(0, 10),
        description: e.description,
      }))
      .reverse();
    const moved = await call('PUT', `/lots/${lot.id}`, { token, body: { events: sent } });
    expect(moved.status, moved.body.message).toBe(200);
    const after = (await exportLotEpcis(deps, lot.id)) as Doc;
    expect(after.epcisBody.eventList).toEqual([...before.epcisBody.eventList].reverse());

    // The inspection's words changed: it is the company's step now, named anew, its objects gone.
    const inspection = sent.find((e: { activity: string }) => e.activity === 'Kiểm tra');
    const edited = sent.map((e: { id: number }) =>
      e === inspection ? { ...e, activity: 'Kiểm tra bao bì' } : e,
    );
    expect((await call('PUT', `/lots/${lot.id}`, { token, body: { events: edited } })).status).toBe(200);
    const [row] = await deps.db.select().from(lotEvents).where(eq(lotEvents.id, inspection.id));
    expect(row).toMatchObject({
      activity: 'Kiểm tra bao bì',
      bizStep: 'inspecting',
      gln: '8930000000019',
      date: '2024-05-03T08:00:00.007+07:00',
      epcis: null,
      eventHash: null,
    });
    expect(row!.eventId).toMatch(/^urn:uuid:/);
    expect(
      await deps.db.select().from(lotEventObjects).where(eq(lotEventObjects.lotEventId, inspection.id)),
    ).toEqual([]);
    const exported = ((await exportLotEpcis(deps, lot.id)) as Doc).epcisBody.eventList;
    expect(exported.find((e) => e.eventID === row!.eventId)).toMatchObject({
      type: 'ObjectEvent',
      bizStep: 'inspecting',
      'txng:activity': 'Kiểm tra bao bì',
    });
    expect(exported.filter((e) => e.eventID !== row!.eventId)).toEqual(
      [...before.epcisBody.eventList].reverse().filter((e) => e.disposition !== 'damaged'),
    );
    // Removing a step removes its objects.
    await call('PUT', `/lots/${lot.id}`, { token, body: { events: [] } });
    expect(await deps.db.select().from(lotEventObjects).orderBy(asc(lotEventObjects.id))).toEqual([]);
  });

  it('[GUEST][tRPC][epcis]: a prefix two documents declare differently stays on the event that means the other', async () => {
    const { deps, lot, caller } = await importedLot([shipping({ 'ex:by': 'Lan' })], {
      ex: 'https://a.example.vn/',
    });
    await caller.epcis.importIntoLot({
      lotId: lot.id,
      document: epcisDocument([shipping({ bizStep: 'receiving', 'ex:by': 'Minh' })], {
        ex: 'https://b.example.vn/',
      }),
    });
    const doc = (await exportLotEpcis(deps, lot.id)) as Doc;
    expect(official(doc), JSON.stringify(official.errors)).toBe(true);
    expect(doc['@context']).toEqual([
      EPCIS_CONTEXT,
      { txng: `${PUBLIC_URL}/voc/`, ex: 'https://a.example.vn/' },
    ]);
    const received = doc.epcisBody.eventList.find((e) => e.bizStep === 'receiving');
    expect(received?.['@context']).toEqual([{ ex: 'https://b.example.vn/' }]);
    expect(doc.epcisBody.eventList.find((e) => e.bizStep === 'shipping')).not.toHaveProperty('@context');
  });
});
