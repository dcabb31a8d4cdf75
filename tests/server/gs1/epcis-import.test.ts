import { describe, expect, it } from 'vitest';
import { lotEvents, lots } from '#server/db/schema/index.ts';
import { exportLotEpcis } from '#server/services/epcis/export.ts';
import { glnOfLocation } from '#server/services/epcis/timeline.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import {
  companyWithLot,
  epcisDocument,
  LOT_CODE,
  LOT_GTIN,
  LOT_LINK,
  LOT_URN,
  shipping,
  stepsOf,
} from '#tests/helpers/epcis.ts';
import { callerFor, createUser } from '#tests/helpers/factories.ts';
import { atOnce } from '#tests/helpers/deps.ts';
import { epcisVectors } from '#tests/helpers/interop.ts';

describe('EPCIS import into a lot', () => {
  it('[COMPANY_ADMIN][REST][epcis]: refuses every bad_ vector with the schema reason in Vietnamese, accepts the ok ones', async () => {
    const { call: api, deps, lot, token } = await companyWithLot();
    let added = 0;
    for (const { name, doc } of epcisVectors()) {
      const res = await api('POST', `/lots/${lot.id}/epcis`, { token, body: doc });
      if (name.startsWith('bad_')) {
        expect(res.status, name).toBe(400);
        expect(res.body.message, name).toMatch(/^Tài liệu EPCIS không hợp lệ tại /);
      } else {
        expect(res.status, `${name}: ${res.body.message}`).toBe(200);
        expect(res.body.data, name).toEqual({
          added: 1,
          alreadyPresent: 0,
          message: 'Đã thêm 1 sự kiện EPCIS vào lô',
        });
        expect(res.body.message).toBe('Đã thêm 1 sự kiện EPCIS vào lô');
        added++;
      }
    }
    const steps = await stepsOf(deps, lot.id);
    expect(steps).toHaveLength(added);
    expect(steps.map((s) => s.position)).toEqual([...steps.keys()]);
    expect(steps.find((s) => s.bizStep === 'commissioning')).toMatchObject({
      activity: 'Sản xuất / thu hoạch',
      bizStep: 'commissioning',
      gln: '8930000000019',
      date: '2024-05-01T07:30:00+07:00',
    });
    expect(steps.find((s) => s.bizStep === 'https://example.vn/bizstep/harvesting')?.activity).toBe(
      'harvesting',
    );
  });

  it('[COMPANY_ADMIN][tRPC][epcis]: an export imported into another lot of the product is refused; another company and bad JSON too', async () => {
    const {
      call: api,
      deps,
      admin,
      lot,
      token,
      caller,
    } = await companyWithLot({
      PUBLIC_URL: 'https://truyxuat.example.vn',
    });
    const other = await createUser(deps, { role: 'COMPANY_ADMIN' });
    await deps.db.insert(lotEvents).values({
      lotId: lot.id,
      companyId: lot.companyId,
      position: 0,
      activity: 'Rang xay',
      location: 'Đà Lạt',
      date: '2026-10-03T14:00',
      description: 'Mẻ 2',
      gln: '8930000000019',
    });
    const doc = await exportLotEpcis(deps, lot.id);
    const [otherLot] = await deps.db
      .insert(lots)
      .values({ companyId: lot.companyId, productId: lot.productId, code: 'B2' })
      .returning();
    // The same product's other lot: the document names lot LOT2405 by its Digital Link on PUBLIC_URL.
    await expect(caller.epcis.importIntoLot({ lotId: otherLot!.id, document: doc })).rejects.toThrow(
      `Sự kiện thứ 1 (ObjectEvent) nêu https://truyxuat.example.vn/01/${LOT_GTIN}/10/${LOT_CODE}, thuộc một sản phẩm hoặc lô khác với lô này`,
    );
    await expect(
      callerFor(deps, other).epcis.importIntoLot({ lotId: lot.id, document: doc }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      callerFor(deps, null).epcis.importIntoLot({ lotId: lot.id, document: doc }),
    ).rejects.toMatchObject({
      code: 'UNAUTHORIZED',
    });
    const res = await api('POST', `/lots/${lot.id}/epcis`, {
      token,
      raw: '{"@context":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(await stepsOf(deps, otherLot!.id)).toEqual([]);
    expect(admin.companyId).toBe(lot.companyId);
  });

  it('[COMPANY_ADMIN][REST][epcis]: takes a document sent as application/ld+json too, and the lot page shows its steps at once', async () => {
    const { call: api, deps, lot, token } = await companyWithLot();
    const doc = epcisVectors().find((v) => v.name === 'min_doc.json')?.doc;
    // The lot page is kept as a public answer before the import.
    expect((await api('GET', `/public/lots/${lot.id}`)).body.data.lot.events).toEqual([]);
    const ld = await api('POST', `/lots/${lot.id}/epcis`, {
      token,
      raw: JSON.stringify(doc),
      headers: { 'content-type': 'application/ld+json; charset=utf-8' },
    });
    expect(ld.status, ld.body.message).toBe(200);
    expect(ld.body.data).toMatchObject({ added: 1, alreadyPresent: 0 });
    // On PostgreSQL the kept answer learns of the write from the change feed, a moment later (decision 161).
    await atOnce(async () => {
      expect((await api('GET', `/public/lots/${lot.id}`)).body.data.lot.events).toHaveLength(1);
    });
    const plain = await api('POST', `/lots/${lot.id}/epcis`, {
      token,
      raw: JSON.stringify(doc),
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.status).toBe(415);
    expect(await stepsOf(deps, lot.id)).toHaveLength(1);
  });

  it('[COMPANY_ADMIN][tRPC][epcis]: parallel imports of different documents append without colliding positions', async () => {
    const { deps, lot, caller } = await companyWithLot();
    await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        caller.epcis.importIntoLot({
          lotId: lot.id,
          document: epcisDocument([
            shipping({ eventID: `urn:uuid:00000000-0000-4000-8000-00000000000${i}` }),
          ]),
        }),
      ),
    );
    expect((await stepsOf(deps, lot.id)).map((s) => s.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('reads GLNs from Digital Link and SGLN locations', () => {
    expect(glnOfLocation('https://id.gs1.org/414/8930000000019')).toBe('8930000000019');
    expect(glnOfLocation('https://id.gs1.org/414/8930000000019/254/7')).toBe('8930000000019');
    expect(glnOfLocation('https://id.gs1.org/414/8930000000018')).toBeNull();
    expect(glnOfLocation('urn:epc:id:sgln:893000.000001.0')).toBe('8930000000019');
    expect(glnOfLocation('https://example.vn/farm/1')).toBeNull();
  });
});

describe('EPCIS identifiers in Digital Link and EPC URI forms name the same things', () => {
  const post = async (document: unknown) => {
    const { call, lot, token, deps } = await companyWithLot();
    const res = await call('POST', `/lots/${lot.id}/epcis`, { token, body: document });
    return { res, steps: await stepsOf(deps, lot.id) };
  };
  const about = (epcClass: string) =>
    epcisDocument([shipping({ quantityList: [{ epcClass, quantity: 1 }] })]);

  it.each([
    ['the Digital Link of the lot', LOT_LINK],
    [
      'the Digital Link of the lot on another host',
      `https://truyxuat.example.vn/01/${LOT_GTIN}/10/${LOT_CODE}`,
    ],
    ['the LGTIN EPC Class URI of the lot', LOT_URN],
    ['the LGTIN of the lot after a 9-digit company prefix', `urn:epc:class:lgtin:950600013.0435.${LOT_CODE}`],
    ['the product as an SGTIN pattern (no lot)', 'urn:epc:idpat:sgtin:9506000.013435.*'],
    ['the product as a Digital Link (no lot)', `https://id.gs1.org/01/${LOT_GTIN}`],
  ])('[COMPANY_ADMIN][REST][epcis]: accepts %s', async (_what, epcClass) => {
    const { res, steps } = await post(about(epcClass));
    expect(res.status, res.body.message).toBe(200);
    expect(steps).toHaveLength(1);
  });

  it.each([
    ['another lot as an LGTIN', `urn:epc:class:lgtin:9506000.013435.LOT9999`],
    ['another lot as a Digital Link', `https://id.gs1.org/01/${LOT_GTIN}/10/LOT9999`],
    ['another product as an SGTIN pattern', 'urn:epc:idpat:sgtin:9506000.013436.*'],
    ['another product as a Digital Link', 'https://id.gs1.org/01/09506000134369'],
    ['another product as an LGTIN after a 9-digit prefix', `urn:epc:class:lgtin:950600013.0436.${LOT_CODE}`],
  ])(
    '[COMPANY_ADMIN][REST][epcis]: refuses %s, naming the event and the identifier',
    async (_what, epcClass) => {
      const { res, steps } = await post(about(epcClass));
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(vi.gs1.epcisOtherLot(1, 'ObjectEvent', epcClass));
      expect(steps).toEqual([]);
    },
  );

  it('[COMPANY_ADMIN][REST][epcis]: an SGTIN of another product in an epcList is refused; one of this product passes', async () => {
    const ours = 'urn:epc:id:sgtin:9506000.013435.1001';
    const theirs = 'urn:epc:id:sgtin:0614141.107346.2018';
    const mixed = epcisDocument([
      shipping(),
      shipping({ quantityList: undefined, epcList: [ours, theirs], eventTime: '2024-05-03T09:00:00+07:00' }),
    ]);
    const refused = await post(mixed);
    expect(refused.res.body.message).toBe(
      'Sự kiện thứ 2 (ObjectEvent) nêu urn:epc:id:sgtin:0614141.107346.2018, thuộc một sản phẩm hoặc lô khác với lô này',
    );
    // Nothing of the document is kept, not even its first event.
    expect(refused.steps).toEqual([]);
    const { res } = await post(epcisDocument([shipping({ quantityList: undefined, epcList: [ours] })]));
    expect(res.status, res.body.message).toBe(200);
  });
});
