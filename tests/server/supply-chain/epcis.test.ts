import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from '#server/deps.ts';
import { classIdentifier } from '#server/services/epcis/document.ts';
import { eventHashId, namespacesOf } from '#server/services/epcis/event-hash.ts';
import { exportCompanyLotEpcis } from '#server/services/epcis/export.ts';
import { lotPath } from '#shared/public-paths.ts';
import { tables } from '#tests/helpers/deps.ts';
import { type EpcisEvent, epcisDocument, lotFor, officialEpcisSchema } from '#tests/helpers/epcis.ts';
import { createCompany, createUser, tokenFor } from '#tests/helpers/factories.ts';
import { createTestApi, type TestApi } from '#tests/helpers/http.ts';
import { makeProduct } from '#tests/server/products/helpers.ts';
import { makeLot, TAX } from './helpers.ts';

const { lotEvents, lotInputs, lotReceipts, lotShipments } = tables;
const official = officialEpcisSchema();

/** GTINs and GLNs with their check digits. */
const GTIN = { green: '09506000134376', roast: '09506000134383', other: '09506000134390' };
const GLN = { roasterA: '8930000000026', farm: '8930000000033', roasterB: '8930000000040' };
const PUBLIC_URL = 'http://localhost:3000';

type Doc = { '@context': unknown; epcisBody: { eventList: EpcisEvent[] } };

/**
 * A coffee roaster on its own instance of the app: green beans GREEN1 and roasted ROAST1 (products on sale,
 * with GTINs), a farm cooperative (GLN and tax code, its name public) and a supermarket (tax code only).
 * Two of these are two systems that know the same lots and partners by the same identifiers.
 */
async function roaster(companyGln: string) {
  const api: TestApi = await createTestApi();
  const company = await createCompany(api.deps, { name: 'Công ty Cà phê Đắk Lắk', gln: companyGln });
  const admin = await createUser(api.deps, { role: 'COMPANY_ADMIN', companyId: company.id });
  const token = await tokenFor(api.deps, admin);
  const green = await makeProduct(api.deps, company.id, {
    name: 'Cà phê nhân xanh',
    status: 'ACTIVE',
    gtin: GTIN.green,
  });
  const roasted = await makeProduct(api.deps, company.id, {
    name: 'Cà phê rang',
    status: 'ACTIVE',
    gtin: GTIN.roast,
  });
  const GREEN1 = await makeLot(api.deps, company.id, green.id, {
    code: 'GREEN1',
    quantity: 1000,
    unit: 'kg',
  });
  const ROAST1 = await makeLot(api.deps, company.id, roasted.id, {
    code: 'ROAST1',
    quantity: 800,
    unit: 'kg',
    productionDate: '2024-05-10',
  });
  const call = (method: string, path: string, body?: unknown) => api.call(method, path, { token, body });
  const post = async (path: string, body: unknown) => {
    const res = await call('POST', path, body);
    if (res.status >= 300) throw new Error(`${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const farm = await post('/partners', {
    name: 'Hợp tác xã Cà phê Ea Tu',
    kind: 'SUPPLIER',
    taxCode: TAX.farm,
    gln: GLN.farm,
    province: 'Đắk Lắk',
    publicName: true,
  });
  const market = await post('/partners', { name: 'Siêu thị Sài Gòn', kind: 'CUSTOMER', taxCode: TAX.market });
  const importInto = (lotId: number, document: unknown) => call('POST', `/lots/${lotId}/epcis`, document);
  return {
    api,
    deps: api.deps,
    company,
    token,
    call,
    post,
    importInto,
    lots: { GREEN1, ROAST1 },
    farm,
    market,
  };
}

/** Company A's records: GREEN1 received from the farm; ROAST1 received, made from GREEN1, and shipped. */
async function recordedChain() {
  const a = await roaster(GLN.roasterA);
  const { GREEN1, ROAST1 } = a.lots;
  await a.post(`/lots/${GREEN1.id}/receipts`, {
    partnerId: a.farm.id,
    supplierLotCode: 'HTX-2024/05',
    quantity: '1000,5',
    unit: 'KGM',
    date: '2024-05-02',
    documentType: 'INVOICE',
    documentNumber: 'HD-0001',
  });
  await a.post(`/lots/${ROAST1.id}/receipts`, {
    partnerId: a.farm.id,
    quantity: 20,
    unit: 'KGM',
    date: '2024-05-09',
    documentType: 'DELIVERY_NOTE',
    documentNumber: 'PGH/05 09',
  });
  await a.post(`/lots/${ROAST1.id}/inputs`, { inputs: [{ lotId: GREEN1.id, quantity: 1000, unit: 'KGM' }] });
  await a.post(`/lots/${ROAST1.id}/shipments`, {
    partnerId: a.market.id,
    quantity: '300.25',
    unit: 'KGM',
    date: '2024-05-20',
    documentType: 'DELIVERY_NOTE',
    documentNumber: 'PGH-77',
  });
  return a;
}

const byStep = (doc: Doc, bizStep: string) => doc.epcisBody.eventList.filter((e) => e.bizStep === bizStep);
const transformations = (doc: Doc) => doc.epcisBody.eventList.filter((e) => e.type === 'TransformationEvent');

/** The lot's supply chain as the API lists it, without what differs between two systems (ids, times). */
async function chainOf(x: Awaited<ReturnType<typeof roaster>>, lotId: number) {
  const list = async (what: string) => {
    const res = await x.call('GET', `/lots/${lotId}/${what}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body.data as Array<Record<string, unknown>>).map(
      ({ id: _id, lotId: _l, partnerId: _p, createdAt: _c, ...rest }) => rest,
    );
  };
  const inputs = (await list('inputs')).map((i) => ({
    code: (i.lot as { code: string }).code,
    quantity: i.quantity,
    unit: i.unit,
  }));
  return { receipts: await list('receipts'), inputs, shipments: await list('shipments') };
}

async function countRows(deps: AppDeps) {
  const n = async (t: typeof lotReceipts | typeof lotShipments | typeof lotInputs | typeof lotEvents) =>
    (await deps.db.select().from(t)).length;
  return {
    receipts: await n(lotReceipts),
    shipments: await n(lotShipments),
    inputs: await n(lotInputs),
    events: await n(lotEvents),
  };
}

describe('[COMPANY_ADMIN][REST][epcis] the supply chain in the EPCIS export', () => {
  it('[COMPANY_ADMIN][REST][epcis]: a lot received, made from another and shipped exports receiving and shipping ObjectEvents and a TransformationEvent, valid against GS1’s schema', async () => {
    const a = await recordedChain();
    const { GREEN1, ROAST1 } = a.lots;
    // The company's own export, a JSON-LD file (decision 203).
    const res = await a.call('GET', `/lots/${ROAST1.id}/epcis`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/ld+json');
    expect(res.headers.get('content-disposition')).toContain('attachment');
    const doc = JSON.parse(res.text) as Doc;
    expect(official(doc), JSON.stringify(official.errors)).toBe(true);
    const roastClass = classIdentifier(PUBLIC_URL, GTIN.roast, 0, ROAST1);
    const greenClass = classIdentifier(PUBLIC_URL, GTIN.green, 0, GREEN1);

    const [received, ...moreReceived] = byStep(doc, 'receiving');
    expect(moreReceived).toEqual([]);
    expect(received).toMatchObject({
      type: 'ObjectEvent',
      action: 'OBSERVE',
      eventTime: '2024-05-09T00:00:00+07:00',
      eventTimeZoneOffset: '+07:00',
      quantityList: [{ epcClass: roastClass, quantity: 20, uom: 'KGM' }],
      bizLocation: { id: `https://id.gs1.org/414/${GLN.roasterA}` },
      bizTransactionList: [
        { type: 'desadv', bizTransaction: `${PUBLIC_URL}/voc/bt/${a.company.id}/PGH%2F05%2009` },
      ],
      sourceList: [
        { type: 'owning_party', source: `https://id.gs1.org/417/${GLN.farm}` },
        { type: 'location', source: `https://id.gs1.org/414/${GLN.farm}` },
      ],
      destinationList: [
        { type: 'owning_party', destination: `https://id.gs1.org/417/${GLN.roasterA}` },
        { type: 'location', destination: `https://id.gs1.org/414/${GLN.roasterA}` },
      ],
      // The farm lets its name be shown.
      'txng:partnerName': 'Hợp tác xã Cà phê Ea Tu',
    });

    const [made, ...moreMade] = transformations(doc);
    expect(moreMade).toEqual([]);
    expect(made).toMatchObject({
      eventTime: '2024-05-10T00:00:00+07:00',
      inputQuantityList: [{ epcClass: greenClass, quantity: 1000, uom: 'KGM' }],
      outputQuantityList: [{ epcClass: roastClass, quantity: 800, uom: 'KGM' }],
      // Where the lot begins: its master data, and no separate commissioning event beside it.
      ilmd: { 'cbvmda:lotNumber': 'ROAST1', 'txng:productionDate': '2024-05-10' },
    });
    expect(byStep(doc, 'commissioning').filter((e) => e.type === 'ObjectEvent')).toEqual([]);

    const [shipped, ...moreShipped] = byStep(doc, 'shipping');
    expect(moreShipped).toEqual([]);
    expect(shipped).toMatchObject({
      type: 'ObjectEvent',
      action: 'OBSERVE',
      disposition: 'in_transit',
      eventTime: '2024-05-20T00:00:00+07:00',
      quantityList: [{ epcClass: roastClass, quantity: 300.25, uom: 'KGM' }],
      bizTransactionList: [{ type: 'desadv', bizTransaction: `${PUBLIC_URL}/voc/bt/${a.company.id}/PGH-77` }],
      sourceList: [
        { type: 'owning_party', source: `https://id.gs1.org/417/${GLN.roasterA}` },
        { type: 'location', source: `https://id.gs1.org/414/${GLN.roasterA}` },
      ],
      // The supermarket has no GLN: its tax code, in the app's namespace.
      destinationList: [{ type: 'owning_party', destination: `${PUBLIC_URL}/voc/party/mst/${TAX.market}` }],
    });
    // Its name is not public: the export (public) does not carry it.
    expect(shipped).not.toHaveProperty('txng:partnerName');

    // Every event is named by its CBV 2.0 event hash, the same from export to export.
    const namespaces = namespacesOf(doc['@context']);
    for (const { eventID, ...event } of doc.epcisBody.eventList)
      expect(eventID).toBe(eventHashId(event, namespaces));
    const again = (await exportCompanyLotEpcis(
      a.deps,
      null,
      ROAST1.id,
      new Date('2030-01-01T00:00:00Z'),
    )) as Doc;
    expect(again.epcisBody.eventList.map((e) => e.eventID)).toEqual(
      doc.epcisBody.eventList.map((e) => e.eventID),
    );

    // The public exports (the GS1 paths anyone may call) leave the supply chain out (decision 200): no
    // receipt, shipment or transformation, no partner, quantity or document; still valid.
    for (const path of [`/epcis/lots/${ROAST1.id}`, `/epcis/products/${ROAST1.productId}`]) {
      const open = await a.api.call('GET', path);
      expect(open.status).toBe(200);
      expect(official(open.body), JSON.stringify(official.errors)).toBe(true);
      for (const kind of ['receiving', 'shipping'])
        expect(byStep(open.body as unknown as Doc, kind)).toEqual([]);
      expect(transformations(open.body as unknown as Doc)).toEqual([]);
      for (const secret of [TAX.market, TAX.farm, GLN.farm, 'HD-0001', 'Siêu thị'])
        expect(open.text).not.toContain(secret);
    }
  });
});

describe('[COMPANY_ADMIN][REST][epcis] importing the supply chain', () => {
  it('[COMPANY_ADMIN][REST][epcis]: company A’s export imported by company B on its own system fills the same receipts, inputs and shipments; a second import adds nothing', async () => {
    const a = await recordedChain();
    const b = await roaster(GLN.roasterB);
    const docs = {
      green: (await exportCompanyLotEpcis(a.deps, null, a.lots.GREEN1.id)) as Doc,
      roast: (await exportCompanyLotEpcis(a.deps, null, a.lots.ROAST1.id)) as Doc,
    };
    const green = await b.importInto(b.lots.GREEN1.id, docs.green);
    expect(green.status, green.body.message).toBe(200);
    const roast = await b.importInto(b.lots.ROAST1.id, docs.roast);
    expect(roast.status, roast.body.message).toBe(200);
    expect(roast.body.data).toMatchObject({ added: 3, alreadyPresent: 0 });

    for (const lot of ['GREEN1', 'ROAST1'] as const)
      expect(await chainOf(b, b.lots[lot].id)).toEqual(await chainOf(a, a.lots[lot].id));
    expect((await chainOf(b, b.lots.GREEN1.id)).receipts).toEqual([
      {
        partnerName: 'Hợp tác xã Cà phê Ea Tu',
        quantity: '1000.5',
        unit: 'KGM',
        date: '2024-05-02',
        documentType: 'INVOICE',
        documentNumber: 'HD-0001',
        supplierLotCode: 'HTX-2024/05',
      },
    ]);
    expect(await chainOf(b, b.lots.ROAST1.id)).toMatchObject({
      receipts: [{ partnerName: 'Hợp tác xã Cà phê Ea Tu', documentNumber: 'PGH/05 09' }],
      inputs: [{ code: 'GREEN1', quantity: '1000', unit: 'KGM' }],
      shipments: [{ partnerName: 'Siêu thị Sài Gòn', quantity: '300.25', documentType: 'DELIVERY_NOTE' }],
    });
    // Each record keeps the event it came from.
    const [receipt] = await b.deps.db
      .select()
      .from(lotReceipts)
      .where(eq(lotReceipts.lotId, b.lots.ROAST1.id));
    expect(receipt?.eventId).toBe(byStep(docs.roast, 'receiving')[0]?.eventID);

    const before = await countRows(b.deps);
    const again = await b.importInto(b.lots.ROAST1.id, docs.roast);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ added: 0, alreadyPresent: 3 });
    expect((await b.importInto(b.lots.GREEN1.id, docs.green)).body.data).toMatchObject({ added: 0 });
    expect(await countRows(b.deps)).toEqual(before);

    // B's own export gives the imported events as they came, once each, and stays valid.
    const out = (await exportCompanyLotEpcis(b.deps, null, b.lots.ROAST1.id)) as Doc;
    // Nor does B's public export show what it recorded from A's events (decision 203).
    const open = (await b.api.call('GET', `/epcis/lots/${b.lots.ROAST1.id}`)).body as unknown as Doc;
    for (const kind of ['receiving', 'shipping']) expect(byStep(open, kind)).toEqual([]);
    expect(transformations(open)).toEqual([]);
    expect(official(out), JSON.stringify(official.errors)).toBe(true);
    for (const kind of ['receiving', 'shipping'])
      expect(byStep(out, kind).map((e) => e.eventID)).toEqual(byStep(docs.roast, kind).map((e) => e.eventID));
    expect(transformations(out).map((e) => e.eventID)).toEqual(
      transformations(docs.roast).map((e) => e.eventID),
    );
  });

  it('[COMPANY_ADMIN][REST][epcis]: CBV web URIs, a PGLN EPC URI, a CBV transaction URN, and a partner matched by GLN or by tax code on another system’s URI are read too', async () => {
    const a = await roaster(GLN.roasterA);
    const link = classIdentifier(PUBLIC_URL, GTIN.green, 0, a.lots.GREEN1);
    const res = await a.importInto(
      a.lots.GREEN1.id,
      epcisDocument([
        {
          type: 'ObjectEvent',
          eventTime: '2024-05-01T23:30:00.000Z',
          eventTimeZoneOffset: '+07:00',
          action: 'OBSERVE',
          bizStep: 'receiving',
          quantityList: [{ epcClass: link, quantity: 12.5, uom: 'KGM' }],
          bizTransactionList: [{ type: 'po', bizTransaction: `urn:epcglobal:cbv:bt:${GLN.farm}:PO-9` }],
          // The farm's GLN as a PGLN EPC URI (company prefix 893000).
          sourceList: [{ type: 'owning_party', source: 'urn:epc:id:pgln:893000.000003' }],
        },
        {
          type: 'ObjectEvent',
          eventTime: '2024-05-03T08:00:00+07:00',
          eventTimeZoneOffset: '+07:00',
          action: 'OBSERVE',
          bizStep: 'https://ref.gs1.org/cbv/BizStep-shipping',
          quantityList: [{ epcClass: link, quantity: 4 }],
          destinationList: [
            {
              type: 'https://ref.gs1.org/cbv/SDT-owning_party',
              destination: `https://other-system.example/voc/party/mst/${TAX.market}`,
            },
          ],
        },
      ]),
    );
    expect(res.status, res.body.message).toBe(200);
    expect(await chainOf(a, a.lots.GREEN1.id)).toEqual({
      receipts: [
        {
          partnerName: 'Hợp tác xã Cà phê Ea Tu',
          quantity: '12.5',
          unit: 'KGM',
          date: '2024-05-02',
          documentType: 'PURCHASE_ORDER',
          documentNumber: 'PO-9',
          supplierLotCode: null,
        },
      ],
      inputs: [],
      // A count without a unit of measure is pieces.
      shipments: [
        {
          partnerName: 'Siêu thị Sài Gòn',
          quantity: '4',
          unit: 'H87',
          date: '2024-05-03',
          documentType: null,
          documentNumber: null,
        },
      ],
    });
  });
});

describe('[COMPANY_ADMIN][REST][epcis] refused, and nothing saved', () => {
  /** A receiving event for the lot from the farm: valid on its own, so a refusal is the other event's. */
  const fromFarm = (epcClass: string): EpcisEvent => ({
    type: 'ObjectEvent',
    eventTime: '2024-05-02T08:00:00+07:00',
    eventTimeZoneOffset: '+07:00',
    action: 'OBSERVE',
    bizStep: 'receiving',
    quantityList: [{ epcClass, quantity: 5, uom: 'KGM' }],
    sourceList: [{ type: 'owning_party', source: `https://id.gs1.org/417/${GLN.farm}` }],
  });
  const madeFrom = (output: string, input: string): EpcisEvent => ({
    type: 'TransformationEvent',
    eventTime: '2024-05-10T08:00:00+07:00',
    eventTimeZoneOffset: '+07:00',
    inputQuantityList: [{ epcClass: input, quantity: 10, uom: 'KGM' }],
    outputQuantityList: [{ epcClass: output, quantity: 8, uom: 'KGM' }],
  });

  it('[COMPANY_ADMIN][REST][epcis]: a TransformationEvent from another company’s lot or an unknown lot is 404, like a missing lot', async () => {
    const a = await roaster(GLN.roasterA);
    const roast = classIdentifier(PUBLIC_URL, GTIN.roast, 0, a.lots.ROAST1);
    const other = await createCompany(a.deps, { name: 'Công ty khác' });
    const theirs = await lotFor(a.deps, other.id, GTIN.other, 'THEIRS-1');
    const before = await countRows(a.deps);
    for (const input of [
      classIdentifier(PUBLIC_URL, GTIN.other, 0, theirs),
      classIdentifier(PUBLIC_URL, GTIN.green, 0, { id: 0, code: 'NO-SUCH-LOT' }),
      `${PUBLIC_URL}${lotPath(theirs.id)}`,
    ]) {
      const res = await a.importInto(
        a.lots.ROAST1.id,
        epcisDocument([fromFarm(roast), madeFrom(roast, input)]),
      );
      expect(res.status).toBe(404);
      expect(res.body.message).toBe(
        `Sự kiện thứ 2 (TransformationEvent) nêu lô đầu vào ${input}, không phải lô nào của doanh nghiệp: hãy tạo lô đó trước rồi nhập lại`,
      );
    }
    // Another company's lot as the lot imported into: 404 as before.
    const intoTheirs = await a.importInto(theirs.id, epcisDocument([]));
    expect(intoTheirs.status).toBe(404);
    // A receiving event about another company's lot: refused as an event about another lot.
    const aboutTheirs = await a.importInto(
      a.lots.ROAST1.id,
      epcisDocument([fromFarm(classIdentifier(PUBLIC_URL, GTIN.other, 0, theirs))]),
    );
    expect(aboutTheirs.status).toBe(400);
    expect(aboutTheirs.body.message).toMatch(
      /^Sự kiện thứ 1 \(ObjectEvent\) nêu .*THEIRS-1, thuộc một sản phẩm hoặc lô khác/,
    );
    expect(await countRows(a.deps)).toEqual(before);
  });

  it('[COMPANY_ADMIN][REST][epcis]: a party that matches no partner, and a customer as a supplier, are refused by the event', async () => {
    const a = await roaster(GLN.roasterA);
    const green = classIdentifier(PUBLIC_URL, GTIN.green, 0, a.lots.GREEN1);
    const before = await countRows(a.deps);
    const unknown = 'urn:epc:id:pgln:893000.000009';
    const res = await a.importInto(
      a.lots.GREEN1.id,
      epcisDocument([
        fromFarm(green),
        { ...fromFarm(green), sourceList: [{ type: 'owning_party', source: unknown }] },
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(
      `Sự kiện thứ 2 (nhận hàng) nêu bên giao ${unknown}, không khớp đối tác nào của doanh nghiệp (theo GLN, mã số thuế hoặc mã đối tác): hãy thêm đối tác có GLN hoặc mã số thuế này rồi nhập lại`,
    );
    const customer = await a.importInto(
      a.lots.GREEN1.id,
      epcisDocument([
        {
          ...fromFarm(green),
          sourceList: [{ type: 'owning_party', source: `${PUBLIC_URL}/voc/party/mst/${TAX.market}` }],
        },
      ]),
    );
    expect(customer.status).toBe(400);
    expect(customer.body.message).toBe('Sự kiện thứ 1: Đối tác này không phải nhà cung cấp');
    expect(await countRows(a.deps)).toEqual(before);
  });

  it('[COMPANY_ADMIN][REST][epcis]: a TransformationEvent that would close a cycle is refused as the inputs service refuses it', async () => {
    const a = await roaster(GLN.roasterA);
    const { GREEN1, ROAST1 } = a.lots;
    await a.post(`/lots/${ROAST1.id}/inputs`, {
      inputs: [{ lotId: GREEN1.id, quantity: 1000, unit: 'KGM' }],
    });
    const before = await countRows(a.deps);
    const green = classIdentifier(PUBLIC_URL, GTIN.green, 0, GREEN1);
    const roast = classIdentifier(PUBLIC_URL, GTIN.roast, 0, ROAST1);
    const res = await a.importInto(GREEN1.id, epcisDocument([fromFarm(green), madeFrom(green, roast)]));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      'Sự kiện thứ 2: Không thể dùng lô ROAST1: lô đó được làm từ chính lô này (vòng lặp)',
    );
    expect(await countRows(a.deps)).toEqual(before);
  });
});
