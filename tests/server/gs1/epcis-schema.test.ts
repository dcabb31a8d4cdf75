import { describe, expect, it } from 'vitest';
import { buildEpcisDocument, type EpcisExportInput } from '#server/services/epcis/document.ts';
import { validateEpcisDocument } from '#server/services/epcis/validate.ts';
import {
  ASSOCIATION_EVENT,
  type EpcisEvent,
  epcisDocument,
  officialEpcisSchema,
} from '#tests/helpers/epcis.ts';
import { epcisVectors, readInterop } from '#tests/helpers/interop.ts';

// The official EPCIS 2.0 schema, GS1's file as the repository keeps it (tests/fixtures/interop/epcis).
const official = officialEpcisSchema();

const vectors = epcisVectors();

type Doc = { '@context': unknown[]; epcisBody: { eventList: EpcisEvent[] } };
/** GS1's reference documents with every field of each event type (the event hash vectors). */
const allFields = (type: string) =>
  readInterop<Doc>('epcis', 'event-hash', `${type}_all_possible_fields.json`);
/** A document of the all-fields event of `type`, changed by `change`. */
function changed(type: string, change: (e: EpcisEvent) => EpcisEvent) {
  const doc = allFields(type);
  const [event] = doc.epcisBody.eventList;
  return { ...doc, epcisBody: { eventList: [change({ ...event! })] } };
}
const without =
  (...keys: string[]) =>
  (e: EpcisEvent) =>
    Object.fromEntries(Object.entries(e).filter(([k]) => !keys.includes(k)));

const sampleExport = (over: Partial<EpcisExportInput> = {}): EpcisExportInput => ({
  publicUrl: 'https://truyxuat.example.vn',
  now: new Date('2026-11-25T03:00:00Z'),
  scope: 'lot',
  product: {
    id: 7,
    gtin: '08930000000019',
    steps: [
      {
        activity: 'Thu hoạch',
        location: 'Sóc Trăng',
        date: '2026-10-01',
        description: 'Gặt lúa ST25',
        gln: '8930000000019',
      },
      { activity: 'Sấy khô', location: 'Nhà máy', date: '2026-10-02T08:15', description: '' },
    ],
  },
  lots: [
    {
      id: 3,
      code: 'LOT-2610/A',
      productionDate: '2026-10-03',
      expiryDate: '2027-10-03',
      expiryKind: 'BEST_BEFORE',
      quantity: 1200,
      unit: 'kg',
      recalledAt: new Date('2026-11-20T10:00:00Z'),
      createdAt: new Date('2026-10-03T01:00:00Z'),
      steps: [
        {
          activity: 'Đóng gói',
          location: 'Xưởng',
          date: '2026-10-03T14:00:00+07:00',
          description: '',
          bizStep: null,
        },
        {
          activity: 'Vận chuyển',
          location: 'TP.HCM',
          date: '2026-10-04T01:00:00Z',
          description: '',
          bizStep: 'shipping',
        },
        { activity: 'Bàn giao đại lý', location: '', date: '2026-10-05', description: '' },
      ],
    },
  ],
  ...over,
});

describe('the compact ObjectEvent schema gives the official schema verdict', () => {
  it('has every reference vector to compare', () => {
    expect(vectors.filter((v) => v.name.startsWith('bad_')).length).toBeGreaterThanOrEqual(9);
    expect(vectors.filter((v) => !v.name.startsWith('bad_')).length).toBeGreaterThanOrEqual(4);
  });

  it.each(vectors)('$name', async ({ name, doc }) => {
    const officialOk = official(doc);
    expect(officialOk).toBe(!name.startsWith('bad_'));
    const ours = await validateEpcisDocument(doc);
    expect(ours.ok).toBe(officialOk);
  });

  /** Documents of the three other event types, each valid or invalid for one reason of the official schema. */
  const TYPED: Array<[string, unknown]> = [
    ...['Object', 'Aggregation', 'Transaction', 'Transformation'].map((t): [string, unknown] => [
      `${t}Event with every field`,
      allFields(`${t}Event`),
    ]),
    ['AggregationEvent without action', changed('AggregationEvent', without('action'))],
    [
      'AggregationEvent with neither children nor DELETE',
      changed('AggregationEvent', without('childEPCs', 'childQuantityList')),
    ],
    [
      'AggregationEvent DELETE of a whole parent',
      changed('AggregationEvent', (e) => ({
        ...without('childEPCs', 'childQuantityList')(e),
        action: 'DELETE',
      })),
    ],
    ['AggregationEvent with ilmd', changed('AggregationEvent', (e) => ({ ...e, ilmd: { 'ext1:a': '1' } }))],
    [
      'AggregationEvent with a persistentDisposition',
      changed('AggregationEvent', (e) => ({ ...e, persistentDisposition: { set: ['active'] } })),
    ],
    [
      'AggregationEvent with a parentID that is no URI',
      changed('AggregationEvent', (e) => ({ ...e, parentID: 'pallet 7' })),
    ],
    [
      'TransactionEvent without bizTransactionList',
      changed('TransactionEvent', without('bizTransactionList')),
    ],
    [
      'TransactionEvent with an empty bizTransactionList',
      changed('TransactionEvent', (e) => ({ ...e, bizTransactionList: [] })),
    ],
    [
      'TransactionEvent with an unknown action',
      changed('TransactionEvent', (e) => ({ ...e, action: 'MOVE' })),
    ],
    [
      'TransformationEvent with inputs only and no transformationID',
      changed('TransformationEvent', without('outputEPCList', 'outputQuantityList', 'transformationID')),
    ],
    [
      'TransformationEvent with outputs only and its transformationID',
      changed('TransformationEvent', without('inputEPCList', 'inputQuantityList')),
    ],
    ['TransformationEvent with an action', changed('TransformationEvent', (e) => ({ ...e, action: 'ADD' }))],
    [
      'TransformationEvent with a quantity element of another field',
      changed('TransformationEvent', (e) => ({
        ...e,
        outputQuantityList: [{ epcClass: 'urn:epc:idpat:sgtin:4012345.066666.*', lot: 'x' }],
      })),
    ],
    [
      'a sensor report without its type',
      changed('ObjectEvent', (e) => ({ ...e, sensorElementList: [{ sensorReport: [{ value: 4 }] }] })),
    ],
    [
      'a sensor report of a measurement type GS1 does not define',
      changed('ObjectEvent', (e) => ({
        ...e,
        sensorElementList: [{ sensorReport: [{ type: 'Temperatur' }] }],
      })),
    ],
    [
      'a sensor report with a hexBinaryValue that is not hex',
      changed('ObjectEvent', (e) => ({
        ...e,
        sensorElementList: [{ sensorReport: [{ type: 'Temperature', hexBinaryValue: 'xyz' }] }],
      })),
    ],
    [
      'an errorDeclaration without its time',
      changed('ObjectEvent', (e) => ({ ...e, errorDeclaration: { reason: 'did_not_occur' } })),
    ],
  ];

  it.each(TYPED)('%s', async (_name, doc) => {
    const ours = await validateEpcisDocument(doc);
    expect(ours.ok, ours.ok ? '' : ours.message).toBe(official(doc));
  });

  it('refuses an AssociationEvent, which the official schema takes but the import does not (decision 193)', async () => {
    expect(official(epcisDocument([ASSOCIATION_EVENT]))).toBe(true);
    expect((await validateEpcisDocument(epcisDocument([ASSOCIATION_EVENT]))).ok).toBe(false);
  });

  it('refuses with the path and the schema message in Vietnamese words', async () => {
    const check = async (name: string) => {
      const r = await validateEpcisDocument(vectors.find((v) => v.name === name)?.doc);
      if (r.ok) throw new Error(`${name} accepted`);
      return r.message;
    };
    expect(await check('bad_uom_lowercase.json')).toBe(
      'Tài liệu EPCIS không hợp lệ tại /epcisBody/eventList/0/quantityList/0/uom: must match pattern "^[A-Z0-9]{2,3}$"',
    );
    expect(await check('bad_no_context.json')).toMatch(
      /^Tài liệu EPCIS không hợp lệ tại gốc tài liệu: thiếu trường "@context"/,
    );
    expect(await check('bad_no_tzoffset.json')).toMatch(
      /tại \/epcisBody\/eventList\/0: thiếu trường "eventTimeZoneOffset"/,
    );
    expect(await check('bad_ilmd_with_observe.json')).toMatch(
      /tại \/epcisBody\/eventList\/0\/action: must be equal to constant/,
    );
    expect(await check('bad_unprefixed_extension.json')).toMatch(/myField/);
  });
});

describe('EPCIS export', () => {
  it('a lot export validates against the official schema and ours', async () => {
    const doc = buildEpcisDocument(sampleExport());
    expect(official(doc), JSON.stringify(official.errors)).toBe(true);
    expect(await validateEpcisDocument(doc)).toEqual({ ok: true });
  });

  it('a product export (class and lots, with and without GTIN) validates too', async () => {
    for (const gtin of ['08930000000019', null]) {
      const input = sampleExport({ scope: 'product' });
      const doc = buildEpcisDocument({ ...input, product: { ...input.product, gtin } });
      expect(official(doc), JSON.stringify(official.errors)).toBe(true);
      expect((await validateEpcisDocument(doc)).ok).toBe(true);
    }
  });

  it('maps each step: Vietnam time, CBV or own bizStep, GLN places, the lot as quantity, ilmd, recall', () => {
    const doc = buildEpcisDocument(sampleExport()) as {
      '@context': unknown;
      epcisBody: { eventList: Record<string, unknown>[] };
    };
    const events = doc.epcisBody.eventList;
    const lotLink = 'https://truyxuat.example.vn/01/08930000000019/10/LOT-2610%2FA';
    expect(events.map((e) => [e.eventTime, e.bizStep, e.action, e.disposition ?? null])).toEqual([
      ['2026-10-01T00:00:00+07:00', 'commissioning', 'ADD', 'active'],
      ['2026-10-02T08:15:00+07:00', 'https://truyxuat.example.vn/voc/bizstep/say-kho', 'OBSERVE', null],
      ['2026-10-03T14:00:00+07:00', 'packing', 'OBSERVE', null],
      ['2026-10-04T08:00:00+07:00', 'shipping', 'OBSERVE', 'in_transit'],
      ['2026-10-05T00:00:00+07:00', 'shipping', 'OBSERVE', 'in_transit'],
      ['2026-11-20T17:00:00+07:00', 'holding', 'OBSERVE', 'recalled'],
    ]);
    expect(events.every((e) => e.eventTimeZoneOffset === '+07:00')).toBe(true);
    expect(events[0]).toMatchObject({
      quantityList: [{ epcClass: lotLink, quantity: 1200, uom: 'KGM' }],
      readPoint: { id: 'https://id.gs1.org/414/8930000000019' },
      bizLocation: { id: 'https://id.gs1.org/414/8930000000019' },
      ilmd: {
        'cbvmda:lotNumber': 'LOT-2610/A',
        'cbvmda:bestBeforeDate': '2027-10-03',
        'txng:productionDate': '2026-10-03',
      },
      'txng:activity': 'Thu hoạch',
      'txng:location': 'Sóc Trăng',
    });
    expect(events.filter((e) => 'ilmd' in e)).toHaveLength(1);
    expect(events[1]).not.toHaveProperty('readPoint');
  });

  it('a lot whose steps never commission it gets a commissioning event at its production date', async () => {
    const input = sampleExport();
    const lot = input.lots[0];
    if (!lot) throw new Error('lot');
    const doc = buildEpcisDocument({
      ...input,
      product: { ...input.product, steps: [] },
      lots: [{ ...lot, recalledAt: null, expiryKind: 'EXPIRY', unit: 'hộp', quantity: 40 }],
    }) as { epcisBody: { eventList: Record<string, unknown>[] } };
    const [first] = doc.epcisBody.eventList;
    expect(first).toMatchObject({
      eventTime: '2026-10-03T00:00:00+07:00',
      action: 'ADD',
      bizStep: 'commissioning',
      quantityList: [{ quantity: 40 }],
      ilmd: { 'cbvmda:itemExpirationDate': '2027-10-03' },
    });
    expect(first?.quantityList).toEqual([{ epcClass: expect.any(String), quantity: 40 }]);
    expect(doc.epcisBody.eventList.some((e) => e.disposition === 'recalled')).toBe(false);
    expect(official(doc)).toBe(true);
  });
});
