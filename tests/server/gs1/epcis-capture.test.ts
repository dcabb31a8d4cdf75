import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventHashId, namespacesOf } from '#server/services/epcis/event-hash.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import {
  ASSOCIATION_EVENT,
  companyWithLot,
  type EpcisEvent,
  epcisDocument,
  LOT_CODE,
  LOT_GTIN,
  LOT_LINK,
  LOT_URN,
  lotFor,
  shipping,
  stepsOf,
} from '#tests/helpers/epcis.ts';
import { tables } from '#tests/helpers/deps.ts';
import { epcisVectors } from '#tests/helpers/interop.ts';

const { lotEventObjects, lotEvents } = tables;

const RICE = 'https://id.gs1.org/01/09506000134369/10/PADDY-7';

/**
 * A company with the lot and the rice lot its TransformationEvent is made from: a TransformationEvent that
 * made the lot records its inputs, which must be lots of the company (decision 203).
 */
async function companyWithRice() {
  const company = await companyWithLot();
  await lotFor(company.deps, company.admin.companyId as number, '09506000134369', 'PADDY-7');
  return company;
}

/** One event of each type the import takes, about the lot, none with a bizStep of its own words. */
const OF_EACH_TYPE: EpcisEvent[] = [
  shipping({ eventID: 'urn:uuid:6d3a2f0e-1c4b-4d8e-9a6f-2b7c8d9e0f11' }),
  {
    type: 'AggregationEvent',
    eventTime: '2024-05-02T10:00:00.000+07:00',
    eventTimeZoneOffset: '+07:00',
    parentID: 'urn:epc:id:sscc:9506000.0000000017',
    childQuantityList: [{ epcClass: LOT_URN, quantity: 40, uom: 'KGM' }],
    action: 'ADD',
  },
  {
    type: 'TransactionEvent',
    eventTime: '2024-05-02T11:00:00.000+07:00',
    eventTimeZoneOffset: '+07:00',
    bizTransactionList: [{ type: 'po', bizTransaction: 'urn:epcglobal:cbv:bt:9506000000029:PO-42' }],
    quantityList: [{ epcClass: LOT_LINK, quantity: 40, uom: 'KGM' }],
    action: 'ADD',
    readPoint: { id: 'urn:epc:id:sgln:893000.000001.0' },
  },
  {
    type: 'TransformationEvent',
    eventTime: '2024-05-01T06:00:00.000+07:00',
    eventTimeZoneOffset: '+07:00',
    inputQuantityList: [{ epcClass: RICE, quantity: 55, uom: 'KGM' }],
    outputQuantityList: [{ epcClass: LOT_LINK, quantity: 40, uom: 'KGM' }],
    bizLocation: { id: 'https://id.gs1.org/414/8930000000019' },
  },
];

describe('capture is idempotent by eventID, and by the event hash for events without one', () => {
  it('[COMPANY_ADMIN][REST][epcis]: the same document posted twice is added once, and the second answer says so', async () => {
    const { deps, lot, post } = await companyWithRice();
    const doc = epcisDocument(OF_EACH_TYPE);
    const first = await post(doc);
    expect(first.status, first.body.message).toBe(200);
    expect(first.body).toMatchObject({
      message: 'Đã thêm 4 sự kiện EPCIS vào lô',
      data: { added: 4, alreadyPresent: 0 },
    });
    const again = await post(doc);
    expect(again.status).toBe(200);
    expect(again.body.message).toBe('Không thêm sự kiện nào: cả 4 sự kiện của tài liệu đã có trong lô');
    expect(again.body.data).toEqual({ added: 0, alreadyPresent: 4, message: again.body.message });
    expect(await stepsOf(deps, lot.id)).toHaveLength(4);

    // One new event beside the old ones: only it is added.
    const more = await post(
      epcisDocument([
        ...OF_EACH_TYPE,
        shipping({ eventTime: '2024-05-04T08:00:00.000+07:00', bizStep: 'receiving' }),
      ]),
    );
    expect(more.body.message).toBe('Đã thêm 1 sự kiện EPCIS vào lô; 4 sự kiện đã có nên không thêm lại');
    expect(more.body.data).toMatchObject({ added: 1, alreadyPresent: 4 });
    expect((await stepsOf(deps, lot.id)).map((s) => s.position)).toEqual([0, 1, 2, 3, 4]);
  });

  it('[COMPANY_ADMIN][tRPC][epcis]: an event without eventID is known again by its event hash, however it is written', async () => {
    const { deps, lot, caller } = await companyWithLot();
    const event = shipping({ readPoint: { id: 'https://id.gs1.org/414/8930000000019' } });
    const doc = epcisDocument([event]);
    const hash = eventHashId(event, namespacesOf(doc['@context']));
    await expect(caller.epcis.importIntoLot({ lotId: lot.id, document: doc })).resolves.toMatchObject({
      added: 1,
    });
    const [step] = await stepsOf(deps, lot.id);
    // Its hash is its eventID from now on, and what an export names it by.
    expect(step).toMatchObject({ eventId: hash, eventHash: hash });
    expect(hash).toMatch(/^ni:\/\/\/sha-256;[0-9a-f]{64}\?ver=CBV2\.0$/);

    // The same event: its fields in another order, its lot as an EPC URI, its time in UTC, its place as an SGLN.
    const rewritten = {
      readPoint: { id: 'urn:epc:id:sgln:893000.000001.0' },
      bizStep: 'shipping',
      quantityList: [{ epcClass: LOT_URN, quantity: 40, uom: 'KGM' }],
      action: 'OBSERVE',
      eventTimeZoneOffset: '+07:00',
      eventTime: '2024-05-02T02:15:00.25Z',
      type: 'ObjectEvent',
    };
    await expect(
      caller.epcis.importIntoLot({ lotId: lot.id, document: epcisDocument([rewritten]) }),
    ).resolves.toEqual({ added: 0, alreadyPresent: 1, message: vi.gs1.epcisImported(0, 1) });
    // Given its hash as eventID, or twice in one document, it is still one event.
    await expect(
      caller.epcis.importIntoLot({
        lotId: lot.id,
        document: epcisDocument([
          { ...rewritten, eventID: hash },
          shipping({ disposition: 'in_transit' }),
          shipping({ disposition: 'in_transit' }),
        ]),
      }),
    ).resolves.toMatchObject({ added: 1, alreadyPresent: 2 });
    expect(await stepsOf(deps, lot.id)).toHaveLength(2);
  });

  it('[COMPANY_ADMIN][tRPC][epcis]: the same document posted 8 times at once is added once', async () => {
    const { deps, lot, caller } = await companyWithRice();
    const doc = epcisDocument(OF_EACH_TYPE);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => caller.epcis.importIntoLot({ lotId: lot.id, document: doc })),
    );
    expect(results.map((r) => r.added).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 4]);
    expect(results.reduce((n, r) => n + r.alreadyPresent, 0)).toBe(28);
    expect(await stepsOf(deps, lot.id)).toHaveLength(4);
  });

  it('[COMPANY_ADMIN][REST][epcis]: the same event in two lots is each lot’s own', async () => {
    const { deps, lot, post, admin, call, token } = await companyWithLot();
    const transformation = OF_EACH_TYPE[3]!;
    // The rice lot takes the same transformation as its output's input side.
    const rice = await lotFor(deps, admin.companyId as number, '09506000134369', 'PADDY-7');
    expect((await post(epcisDocument([transformation]))).body.data).toMatchObject({ added: 1 });
    const intoRice = await call('POST', `/lots/${rice.id}/epcis`, {
      token,
      body: epcisDocument([transformation]),
    });
    expect(intoRice.body.data).toMatchObject({ added: 1, alreadyPresent: 0 });
    expect(await stepsOf(deps, lot.id)).toHaveLength(1);
  });
});

describe('the three other event types', () => {
  it('[COMPANY_ADMIN][REST][epcis]: are accepted, shown on the public timeline by their step, and stored as received', async () => {
    const { call, deps, lot, post } = await companyWithRice();
    const res = await post(epcisDocument(OF_EACH_TYPE));
    expect(res.status, res.body.message).toBe(200);
    const page = await call('GET', `/public/lots/${lot.id}`);
    expect(
      page.body.data.lot.events.map((e: { activity: string; date: string; gln: string | null }) => [
        e.activity,
        e.date,
        e.gln,
      ]),
    ).toEqual([
      ['Xuất hàng', '2024-05-02T09:15:00.250+07:00', null],
      ['Đóng gộp vào kiện', '2024-05-02T10:00:00.000+07:00', null],
      ['Gắn với giao dịch', '2024-05-02T11:00:00.000+07:00', '8930000000019'],
      ['Chế biến', '2024-05-01T06:00:00.000+07:00', '8930000000019'],
    ]);
    const steps = await stepsOf(deps, lot.id);
    expect(steps.map((s) => s.epcis)).toEqual(OF_EACH_TYPE);
  });

  it('[COMPANY_ADMIN][REST][epcis]: a TransformationEvent keeps its inputs and outputs where they can be queried', async () => {
    const { deps, lot, post, admin } = await companyWithRice();
    await post(epcisDocument(OF_EACH_TYPE));
    const [step] = await deps.db
      .select({ id: lotEvents.id })
      .from(lotEvents)
      .where(and(eq(lotEvents.lotId, lot.id), eq(lotEvents.position, 3)));
    const objects = await deps.db
      .select()
      .from(lotEventObjects)
      .where(eq(lotEventObjects.lotEventId, step!.id))
      .orderBy(asc(lotEventObjects.id));
    expect(objects.map(({ id: _id, lotEventId: _e, ...o }) => o)).toEqual([
      {
        companyId: admin.companyId,
        list: 'inputQuantityList',
        identifier: RICE,
        gtin: '09506000134369',
        lotCode: 'PADDY-7',
        serial: null,
        quantity: 55,
        uom: 'KGM',
      },
      {
        companyId: admin.companyId,
        list: 'outputQuantityList',
        identifier: LOT_LINK,
        gtin: LOT_GTIN,
        lotCode: LOT_CODE,
        serial: null,
        quantity: 40,
        uom: 'KGM',
      },
    ]);
    // Which of the company's events took the rice lot as input: one indexed lookup by GS1 keys.
    const usedRice = await deps.db
      .select({ list: lotEventObjects.list, lotEventId: lotEventObjects.lotEventId })
      .from(lotEventObjects)
      .where(
        and(
          eq(lotEventObjects.companyId, admin.companyId as number),
          eq(lotEventObjects.gtin, '09506000134369'),
          eq(lotEventObjects.lotCode, 'PADDY-7'),
        ),
      );
    expect(usedRice).toEqual([{ list: 'inputQuantityList', lotEventId: step!.id }]);
    // The aggregation's pallet is its parent, the lot its child (as an EPC URI, read into GS1 keys).
    const aggregation = await deps.db
      .select({ list: lotEventObjects.list, gtin: lotEventObjects.gtin, lotCode: lotEventObjects.lotCode })
      .from(lotEventObjects)
      .innerJoin(lotEvents, eq(lotEvents.id, lotEventObjects.lotEventId))
      .where(and(eq(lotEvents.lotId, lot.id), eq(lotEvents.position, 1)))
      .orderBy(asc(lotEventObjects.id));
    expect(aggregation).toEqual([
      { list: 'parentID', gtin: null, lotCode: null },
      { list: 'childQuantityList', gtin: LOT_GTIN, lotCode: LOT_CODE },
    ]);
  });

  it('[COMPANY_ADMIN][REST][epcis]: a TransformationEvent without this lot on either side, and an AssociationEvent, are refused', async () => {
    const { deps, lot, post } = await companyWithLot();
    const elsewhere = { ...OF_EACH_TYPE[3]!, outputQuantityList: [{ epcClass: RICE, quantity: 1 }] };
    const refused = await post(epcisDocument([shipping(), elsewhere]));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(vi.gs1.epcisNotThisLot(2));
    const association = await post(epcisDocument([shipping(), ASSOCIATION_EVENT]));
    expect(association.status).toBe(400);
    expect(association.body.message).toBe(
      'Sự kiện thứ 2 là "AssociationEvent": chỉ nhận ObjectEvent, AggregationEvent, TransactionEvent và TransformationEvent',
    );
    expect(await stepsOf(deps, lot.id)).toEqual([]);
  });
});

describe('an empty eventList and the @context', () => {
  it('[COMPANY_ADMIN][REST][epcis]: an empty eventList is a valid document that adds nothing', async () => {
    const { deps, lot, post } = await companyWithLot();
    const res = await post(epcisDocument([]));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Tài liệu EPCIS không có sự kiện nào: lô không thay đổi',
      data: { added: 0, alreadyPresent: 0 },
    });
    expect(await stepsOf(deps, lot.id)).toEqual([]);
  });

  it('[COMPANY_ADMIN][REST][epcis]: a document without EPCIS’s @context is refused, with or without a context of its own', async () => {
    const { deps, lot, post } = await companyWithLot();
    const none = epcisVectors().find((v) => v.name === 'bad_no_context.json')?.doc;
    const missing = await post(none);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(
      /^Tài liệu EPCIS không hợp lệ tại gốc tài liệu: thiếu trường "@context"/,
    );
    for (const context of [
      'https://example.vn/context.jsonld',
      [{ ex: 'https://ns.example.vn/' }],
      ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.json'],
    ]) {
      const res = await post({ ...epcisDocument([shipping()]), '@context': context });
      expect(res.status, JSON.stringify(context)).toBe(400);
      expect(res.body.message).toBe(vi.gs1.epcisNoContext);
    }
    expect(await stepsOf(deps, lot.id)).toEqual([]);
  });

  it.each([
    'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld',
    'https://ref.gs1.org/standards/epcis/epcis-context.jsonld',
    'https://ref.gs1.org/standards/epcis/2.0.1/epcis-context.jsonld',
    'https://gs1.github.io/EPCIS/epcis-context.jsonld',
  ])('[COMPANY_ADMIN][REST][epcis]: takes EPCIS’s context named %s', async (context) => {
    const { post } = await companyWithLot();
    const res = await post({ ...epcisDocument([shipping()]), '@context': context });
    expect(res.status, res.body.message).toBe(200);
  });
});
