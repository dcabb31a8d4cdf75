import { describe, expect, it } from 'vitest';
import { dataOf, type PublicAnswer } from '#server/services/products/public-answers.ts';
import { callerFor, createUser } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { buildAnswer } from '#tests/helpers/public-answer-reference.ts';
import {
  buildLotAnswer,
  buildPrimaryCode,
  buildProductAnswer,
  buildShortLinkAnswer,
} from '#tests/helpers/workspace-answers.ts';

/**
 * The public answers' own statements, on whichever engine the suite runs (SQLite's, decision 110;
 * PostgreSQL's, decision 169; both rendered from one field list per answer, decision 199), must answer
 * exactly what the workspace's objects are, built with the query builder and the serializers
 * (tests/helpers/workspace-answers.ts): the same objects, in the same key order, byte for byte, for
 * every kind of public answer. And exactly what the field list says, read in TypeScript
 * (tests/helpers/public-answer-reference.ts): the renderer is held to the field list, the field list to
 * the workspace.
 */
async function world() {
  const api = await createTestApi();
  const admin = await createUser(api.deps, { role: 'COMPANY_ADMIN' });
  const caller = callerFor(api.deps, admin);
  const awkward = 'Mật "ong" \\ rừng\tU Minh\n</script> 🐝';
  const product = await caller.products.create({
    name: awkward,
    status: 'ACTIVE',
    tags: ['rừng', 'a"b'],
    images: [],
    trackings: [
      { activity: 'Khai thác', location: 'U Minh', date: '2026-03-20', description: awkward },
      { activity: 'Đóng hũ', location: '', date: '2026-03-21', description: '' },
    ],
  });
  const recalled = await caller.lots.create({
    productId: product.id,
    code: 'R2',
    productionDate: '2026-03-21',
    expiryDate: '2027-03-21',
    expiryKind: 'BEST_BEFORE',
    events: [
      {
        activity: 'Đóng hũ',
        location: 'Cà Mau',
        date: '2026-03-21T08:30:00+07:00',
        description: awkward,
        bizStep: 'commissioning',
        gln: '8930000000002',
      },
    ],
  });
  // Where R2 came from (decision 200): two receipts of one day from a named supplier, and A0, an input
  // received from an unnamed one; D1 is made from R2, so R2's recall marks it.
  const named = await caller.partners.create({
    name: awkward,
    kind: 'SUPPLIER',
    province: 'Cà Mau',
    publicName: true,
  });
  const unnamed = await caller.partners.create({ name: 'Hộ bí mật', kind: 'SUPPLIER', country: 'KH' });
  const a0 = await caller.lots.create({ productId: product.id, code: 'A0' });
  for (const quantity of ['2', '1.5'])
    await caller.receipts.create({
      lotId: recalled.id,
      partnerId: named.id,
      quantity,
      unit: 'KGM',
      date: '2026-03-20',
    });
  await caller.receipts.create({
    lotId: a0.id,
    partnerId: unnamed.id,
    quantity: '1',
    unit: 'TNE',
    date: '2026-03-01',
  });
  await caller.supplyChain.addInputs({
    lotId: recalled.id,
    inputs: [{ lotId: a0.id, quantity: '1', unit: 'TNE' }],
  });
  // Where R2 and A0 grew (decision 219): a plot whose producer is public, with a whole declared area (a
  // REAL both engines must write as JavaScript does), and one with neither, on both lots.
  const shown = await caller.plots.create({
    name: awkward,
    producerName: awkward,
    producerPublic: true,
    province: 'Cà Mau',
    plantingAreaCode: 'VN-CM-001',
    areaHa: 2,
    geometry: { type: 'Point', coordinates: [105.123456, 9.123456] },
  });
  const hidden = await caller.plots.create({
    name: 'Thửa không tên chủ',
    producerName: 'Hộ bí mật',
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [105.1, 9.1],
          [105.101, 9.1],
          [105.101, 9.101],
          [105.1, 9.101],
          [105.1, 9.1],
        ],
      ],
    },
  });
  await caller.plots.setLotPlots({ lotId: recalled.id, plotIds: [shown.id, hidden.id] });
  await caller.plots.setLotPlots({ lotId: a0.id, plotIds: [hidden.id] });
  const derived = await caller.lots.create({ productId: product.id, code: 'D1' });
  await caller.supplyChain.addInputs({
    lotId: derived.id,
    inputs: [{ lotId: recalled.id, quantity: '3', unit: 'KGM' }],
  });
  await caller.lots.recall({ id: recalled.id, reason: awkward });
  await caller.lots.create({ productId: product.id, code: 'A1', productionDate: '2026-03-01' });
  await caller.lots.recall({
    id: (await caller.lots.create({ productId: product.id, code: 'B3' })).id,
    reason: 'Nhãn sai',
  });
  const lotCode = (await caller.lots.createQrCode({ id: recalled.id })).qrCodes[0]!.code;
  const inactive = await caller.products.create({ name: 'Chưa bán', status: 'INACTIVE' });
  return { api, product, recalled, derived, lotCode, inactive };
}

const parsed = (entry: PublicAnswer | null) =>
  entry
    ? { productId: entry.productId, companyId: entry.companyId, lotId: entry.lotId, data: dataOf(entry) }
    : undefined;
const text = (entry: PublicAnswer | null) => (entry ? new TextDecoder().decode(entry.data) : undefined);

describe("[GUEST][perf] the public answers are the workspace's objects, on either engine (decisions 110, 169)", () => {
  it('answer every product code, lot code, printed code and lot page exactly as the workspace reads them', async () => {
    const { api, product, recalled, derived, lotCode, inactive } = await world();
    const { db, publicAnswers, settings } = api.deps;
    const url = settings.publicUrl;

    for (const code of [product.qr_code, lotCode]) {
      const built = await buildProductAnswer(db, url, code);
      expect(built).toEqual(parsed(await publicAnswers.answer('product', code)));
      // Byte for byte: what JSON.stringify writes of the workspace's object is what the statement wrote.
      expect(JSON.stringify(built!.data)).toBe(text(await publicAnswers.answer('product', code)));
      const listed = await buildAnswer(db, url, 'product', code);
      expect(listed).toEqual(built);
      expect(JSON.stringify(listed!.data)).toBe(text(await publicAnswers.answer('product', code)));
    }
    expect((await buildProductAnswer(db, url, lotCode))!.data.lot).toMatchObject({
      code: 'R2',
      recalled: true,
    });
    expect(
      (await buildProductAnswer(db, url, product.qr_code))!.data.recalledLots.map((l) => l.code),
    ).toEqual(['B3', 'R2']);

    const lot = await buildLotAnswer(db, url, recalled.id);
    expect(lot).toEqual(parsed(await publicAnswers.answer('lot', recalled.id)));
    expect(JSON.stringify(lot!.data)).toBe(text(await publicAnswers.answer('lot', recalled.id)));
    const listedLot = await buildAnswer(db, url, 'lot', recalled.id);
    expect(JSON.stringify(listedLot!.data)).toBe(text(await publicAnswers.answer('lot', recalled.id)));
    expect(listedLot).toEqual(lot);
    // Two receipts of one supplier: the supplier once.
    expect(lot!.data.lot.origins).toHaveLength(1);
    expect(lot!.data.lot.inputs).toEqual([
      {
        code: 'A0',
        productName: product.name,
        origins: [{ province: '', country: 'KH', name: null }],
        plots: [expect.objectContaining({ name: 'Thửa không tên chủ', producerName: null })],
      },
    ]);
    expect(lot!.data.lot.plots.map((p) => [p.areaHa, p.producerName])).toEqual([
      [2, expect.stringContaining('Mật')],
      [expect.any(Number), null],
    ]);
    const made = await buildLotAnswer(db, url, derived.id);
    expect(JSON.stringify(made!.data)).toBe(text(await publicAnswers.answer('lot', derived.id)));
    expect(await buildAnswer(db, url, 'lot', derived.id)).toEqual(made);
    expect(made!.data.lot).toMatchObject({
      recalled: false,
      inputRecallCode: 'R2',
      inputRecallReason: expect.any(String),
    });

    for (const code of [product.qr_code, inactive.qr_code]) {
      const link = await buildShortLinkAnswer(db, url, code);
      expect(link).toEqual(parsed(await publicAnswers.answer('shortLink', code)));
      const listed = await buildAnswer(db, url, 'shortLink', code);
      expect(JSON.stringify(listed!.data)).toBe(text(await publicAnswers.answer('shortLink', code)));
      expect(listed).toEqual(link);
    }
    expect((await buildShortLinkAnswer(db, url, inactive.qr_code))!.data.productId).toBeNull();
    expect(await buildPrimaryCode(db, inactive.id)).toBe(inactive.qr_code);
  });

  it('answer nothing for an unknown code, an inactive product or a lot of one, like the statements', async () => {
    const { api, inactive } = await world();
    const { db, publicAnswers, settings } = api.deps;
    expect(await buildProductAnswer(db, settings.publicUrl, 'khong-co-ma')).toBeUndefined();
    expect(await publicAnswers.answer('product', 'khong-co-ma')).toBeNull();
    expect(await buildProductAnswer(db, settings.publicUrl, inactive.qr_code)).toBeUndefined();
    expect(await buildShortLinkAnswer(db, settings.publicUrl, 'khong-co-ma')).toBeUndefined();
    expect(await buildLotAnswer(db, settings.publicUrl, 987654)).toBeUndefined();
    for (const [kind, key] of [
      ['product', 'khong-co-ma'],
      ['product', inactive.qr_code],
      ['shortLink', 'khong-co-ma'],
      ['lot', 987654],
    ] as const)
      expect(await buildAnswer(db, settings.publicUrl, kind, key)).toBeUndefined();
    // Past PostgreSQL's integer: no such lot or product on either engine, not an error.
    expect(await publicAnswers.answer('lot', 2 ** 31)).toBeNull();
    expect(await publicAnswers.productById(2 ** 31)).toBeNull();
    expect(await buildPrimaryCode(db, 987654)).toBeUndefined();
  });
});
