import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { AppDeps } from '#server/deps.ts';
import { exportLotEpcis } from '#server/services/epcis/export.ts';
import { glnOfLocation } from '#server/services/epcis/import.ts';
import { tables } from '#tests/helpers/deps.ts';
import { callerFor, createUser, tokenFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { epcisVectors } from '#tests/helpers/interop.ts';

const { lotEvents, lots, products } = tables;

/** The vectors name GTIN 09506000134352, lot LOT2405. */
async function lotFor(deps: AppDeps, companyId: number, gtin = '09506000134352', code = 'LOT2405') {
  const [product] = await deps.db
    .insert(products)
    .values({
      companyId,
      name: 'Gạo',
      status: 'ACTIVE',
      qrCode: `g${Math.random().toString(36).slice(2, 13)}`,
      gtin,
    })
    .returning();
  const [lot] = await deps.db.insert(lots).values({ companyId, productId: product!.id, code }).returning();
  return lot!;
}

const stepsOf = (deps: AppDeps, lotId: number) =>
  deps.db.select().from(lotEvents).where(eq(lotEvents.lotId, lotId)).orderBy(asc(lotEvents.position));

describe('EPCIS import into a lot', () => {
  it('refuses every bad_ vector with the schema reason in Vietnamese, accepts the ok ones', async () => {
    const { call: api, deps } = await createTestApi();
    const admin = await createUser(deps, { role: 'COMPANY_ADMIN' });
    const token = await tokenFor(deps, admin);
    const lot = await lotFor(deps, admin.companyId as number);
    let added = 0;
    for (const { name, doc } of epcisVectors()) {
      const res = await api('POST', `/lots/${lot.id}/epcis`, { token, body: doc });
      if (name.startsWith('bad_')) {
        expect(res.status, name).toBe(400);
        expect(res.body.message, name).toMatch(/^Tài liệu EPCIS không hợp lệ tại /);
      } else {
        expect(res.status, `${name}: ${res.body.message}`).toBe(200);
        expect(res.body.data).toEqual({ added: 1 });
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

  it('an export imported back gives the same steps; another lot, another company and bad JSON are refused', async () => {
    const { call: api, deps } = await createTestApi({ PUBLIC_URL: 'https://truyxuat.example.vn' });
    const admin = await createUser(deps, { role: 'COMPANY_ADMIN' });
    const other = await createUser(deps, { role: 'COMPANY_ADMIN' });
    const lot = await lotFor(deps, admin.companyId as number, '08930000000019', 'A1');
    await deps.db
      .insert(lotEvents)
      .values({
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
    const caller = callerFor(deps, admin);
    await expect(caller.epcis.importIntoLot({ lotId: lot.id, document: doc })).resolves.toEqual({ added: 2 });
    const steps = await stepsOf(deps, lot.id);
    expect(steps.slice(1).map((s) => [s.activity, s.location, s.description, s.gln, s.bizStep])).toEqual([
      ['Sản xuất / thu hoạch', '', '', null, 'commissioning'],
      ['Rang xay', 'Đà Lạt', 'Mẻ 2', '8930000000019', 'https://truyxuat.example.vn/voc/bizstep/rang-xay'],
    ]);

    const otherLot = (
      await deps.db
        .insert(lots)
        .values({ companyId: lot.companyId, productId: lot.productId, code: 'B2' })
        .returning()
    )[0]!;
    // The same product's other lot: the document names lot A1.
    await expect(caller.epcis.importIntoLot({ lotId: otherLot.id, document: doc })).rejects.toThrow(
      'Sự kiện thứ 1 thuộc một sản phẩm hoặc lô khác',
    );
    await expect(
      callerFor(deps, other).epcis.importIntoLot({ lotId: lot.id, document: doc }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(
      callerFor(deps, null).epcis.importIntoLot({ lotId: lot.id, document: doc }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const res = await api('POST', `/lots/${lot.id}/epcis`, {
      token: await tokenFor(deps, admin),
      raw: '{"@context":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
  });

  it('the REST import takes a document sent as application/ld+json too, and the lot page shows its steps at once', async () => {
    const { call: api, deps } = await createTestApi();
    const admin = await createUser(deps, { role: 'COMPANY_ADMIN' });
    const token = await tokenFor(deps, admin);
    const lot = await lotFor(deps, admin.companyId as number);
    const doc = epcisVectors().find((v) => v.name === 'min_doc.json')?.doc;
    // The lot page is kept as a public answer before the import.
    expect((await api('GET', `/public/lots/${lot.id}`)).body.data.lot.events).toEqual([]);
    const ld = await api('POST', `/lots/${lot.id}/epcis`, {
      token,
      raw: JSON.stringify(doc),
      headers: { 'content-type': 'application/ld+json; charset=utf-8' },
    });
    expect(ld.status, ld.body.message).toBe(200);
    expect(ld.body.data).toEqual({ added: 1 });
    expect((await api('GET', `/public/lots/${lot.id}`)).body.data.lot.events).toHaveLength(1);
    const plain = await api('POST', `/lots/${lot.id}/epcis`, {
      token,
      raw: JSON.stringify(doc),
      headers: { 'content-type': 'text/plain' },
    });
    expect(plain.status).toBe(415);
    expect(await stepsOf(deps, lot.id)).toHaveLength(1);
  });

  it('parallel imports append without colliding positions', async () => {
    const { deps } = await createTestApi();
    const admin = await createUser(deps, { role: 'COMPANY_ADMIN' });
    const lot = await lotFor(deps, admin.companyId as number);
    const doc = epcisVectors().find((v) => v.name === 'min_doc.json')?.doc;
    const caller = callerFor(deps, admin);
    await Promise.all(
      Array.from({ length: 8 }, () => caller.epcis.importIntoLot({ lotId: lot.id, document: doc })),
    );
    expect((await stepsOf(deps, lot.id)).map((s) => s.position)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('reads GLNs from Digital Link and SGLN locations', () => {
    expect(glnOfLocation('https://id.gs1.org/414/8930000000019')).toBe('8930000000019');
    expect(glnOfLocation('https://id.gs1.org/414/8930000000018')).toBeNull();
    expect(glnOfLocation('urn:epc:id:sgln:893000.000001.0')).toBe('8930000000019');
    expect(glnOfLocation('https://example.vn/farm/1')).toBeNull();
  });
});
