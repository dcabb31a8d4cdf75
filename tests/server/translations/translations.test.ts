import { describe, expect, it } from 'vitest';
import { vi } from '#shared/i18n/vi/index.ts';
import { atOnce } from '#tests/helpers/deps.ts';
import { callerFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { makeProduct, people, TIMELINE } from '#tests/server/products/helpers.ts';

/**
 * A company's content in other languages (issue 33, decision 210): one language of a product, a lot or the
 * company put, read and deleted through REST (app.request) and tRPC, on either engine; its bounds, its
 * tenant isolation, two languages saved at once, and the public answers carrying it at once.
 */
async function setup() {
  const api = await createTestApi();
  const p = await people(api.deps);
  const product = await makeProduct(
    api.deps,
    p.companyA.id,
    { name: 'Cà phê Robusta', status: 'ACTIVE' },
    TIMELINE,
  );
  const adminA = callerFor(api.deps, p.adminA);
  const lot = await adminA.lots.create({
    productId: product.id,
    code: 'L1',
    unit: 'túi',
    events: [
      { activity: 'Rang mẻ L1', location: 'Đắk Lắk', date: '2024-05-02' },
      { activity: 'Xuất kho', location: 'TP. Hồ Chí Minh', date: '2024-05-10' },
    ],
  });
  const steps = (await adminA.products.get({ id: product.id })).trackings.map((t) => t.id);
  return { api, p, product, lot, steps, adminA };
}

describe('[COMPANY_ADMIN][REST][translations] one language of a row', () => {
  it('[COMPANY_ADMIN][REST][translations]: puts, reads and deletes a product translation; empty fields are dropped', async () => {
    const { api, p, product, steps } = await setup();
    const path = `/products/${product.id}/translations`;
    const put = await api.call('PUT', `${path}/en`, {
      token: p.tokens.adminA,
      body: {
        name: '  Robusta coffee ',
        origin: '',
        tags: ['roasted', ' '],
        steps: { [steps[0]!]: { activity: 'Harvest', location: '' }, [steps[1]!]: { activity: '' } },
      },
    });
    expect(put.status).toBe(200);
    expect(put.body.message).toBe(vi.translations.saved);
    // The answer is the product's, as products.get answers it: with the kept translation only.
    expect(put.body.data).toMatchObject({
      id: product.id,
      name: 'Cà phê Robusta',
      trackings: expect.any(Array),
    });
    const kept = {
      name: 'Robusta coffee',
      tags: ['roasted'],
      steps: { [steps[0]!]: { activity: 'Harvest' } },
    };
    expect(put.body.data.translations).toEqual({ en: kept });

    // A field not translated stays absent: the page falls back to the Vietnamese.
    const read = await api.call('GET', `${path}/en`, { token: p.tokens.employeeA });
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual(kept);
    expect(read.body.data).not.toHaveProperty('origin');
    expect((await api.call('GET', `${path}/zh-Hans`, { token: p.tokens.adminA })).body.data).toEqual({});

    // `zh` names zh-Hans.
    const zh = await api.call('PUT', `${path}/zh`, {
      token: p.tokens.employeeA,
      body: { name: '罗布斯塔咖啡' },
    });
    expect(zh.status).toBe(200);
    expect(zh.body.data.translations).toEqual({ en: kept, 'zh-Hans': { name: '罗布斯塔咖啡' } });
    expect((await api.call('GET', `${path}/zh`, { token: p.tokens.adminA })).body.data).toEqual({
      name: '罗布斯塔咖啡',
    });

    // A translation with nothing left removes its language.
    const emptied = await api.call('PUT', `${path}/zh-Hans`, {
      token: p.tokens.adminA,
      body: { name: ' ', tags: [], steps: {} },
    });
    expect(emptied.body.data.translations).toEqual({ en: kept });

    const deleted = await api.call('DELETE', `${path}/en`, { token: p.tokens.adminA });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe(vi.translations.deleted);
    expect(deleted.body.data.translations).toEqual({});
    // Deleting what is not there is no error.
    expect((await api.call('DELETE', `${path}/en`, { token: p.tokens.adminA })).status).toBe(200);
  });

  it('[COMPANY_ADMIN][REST][translations]: a save moves updatedAt on, not the version an editor holds', async () => {
    const { api, p, product } = await setup();
    const before = (await api.call('GET', `/products/${product.id}`, { token: p.tokens.adminA })).body.data;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const put = await api.call('PUT', `/products/${product.id}/translations/en`, {
      token: p.tokens.adminA,
      body: { name: 'Coffee' },
    });
    expect(put.body.data.version).toBe(before.version);
    expect(Date.parse(put.body.data.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
  });

  it('[EMPLOYEE][REST][translations]: puts, reads and deletes a lot translation with its own steps', async () => {
    const { api, p, lot } = await setup();
    const path = `/lots/${lot.id}/translations`;
    const [first] = lot.events;
    const put = await api.call('PUT', `${path}/en`, {
      token: p.tokens.employeeA,
      body: { unit: 'bag', recallReason: '', steps: { [first!.id]: { activity: 'Roast batch L1' } } },
    });
    expect(put.status).toBe(200);
    // The lot answer, as lots.get answers it.
    expect(put.body.data).toMatchObject({ id: lot.id, code: 'L1', events: expect.any(Array) });
    expect(put.body.data.translations).toEqual({
      en: { unit: 'bag', steps: { [first!.id]: { activity: 'Roast batch L1' } } },
    });
    expect((await api.call('GET', `${path}/en`, { token: p.tokens.adminA })).body.data).toEqual({
      unit: 'bag',
      steps: { [first!.id]: { activity: 'Roast batch L1' } },
    });
    const deleted = await api.call('DELETE', `${path}/en`, { token: p.tokens.employeeA });
    expect(deleted.body.data.translations).toEqual({});
  });

  it('[COMPANY_ADMIN][REST][translations]: puts, reads and deletes the company translation and its published languages', async () => {
    const { api, p } = await setup();
    const path = `/companies/${p.companyA.id}/translations`;
    const put = await api.call('PUT', `${path}/en`, {
      token: p.tokens.adminA,
      body: { name: 'Dak Lak Coffee Company', address: '' },
    });
    expect(put.status).toBe(200);
    expect(put.body.data).toMatchObject({ id: p.companyA.id, name: 'Công ty Cà phê Đắk Lắk' });
    expect(put.body.data.translations).toEqual({ en: { name: 'Dak Lak Coffee Company' } });
    expect((await api.call('GET', `${path}/en`, { token: p.tokens.employeeA })).body.data).toEqual({
      name: 'Dak Lak Coffee Company',
    });

    const languages = await api.call('PUT', `/companies/${p.companyA.id}/languages`, {
      token: p.tokens.adminA,
      body: { languages: ['zh', 'en'] },
    });
    expect(languages.status).toBe(200);
    expect(languages.body.message).toBe(vi.translations.languagesSaved);
    // Kept in the app's order whatever order they came in.
    expect(languages.body.data.languages).toEqual(['en', 'zh-Hans']);
    const profile = await api.call('GET', `/companies/${p.companyA.id}`);
    expect(profile.body.data).toMatchObject({
      translations: { en: { name: 'Dak Lak Coffee Company' } },
      languages: ['en', 'zh-Hans'],
    });
    const none = await api.call('PUT', `/companies/${p.companyA.id}/languages`, {
      token: p.tokens.superAdmin,
      body: { languages: [] },
    });
    expect(none.body.data.languages).toEqual([]);

    const deleted = await api.call('DELETE', `${path}/en`, { token: p.tokens.adminA });
    expect(deleted.body.data.translations).toEqual({});
  });

  it('[EMPLOYEE][REST][translations]: the company is translated by whoever edits its profile: an employee reads, never writes', async () => {
    const { api, p } = await setup();
    const path = `/companies/${p.companyA.id}/translations/en`;
    expect((await api.call('PUT', path, { token: p.tokens.employeeA, body: { name: 'X' } })).status).toBe(
      403,
    );
    expect(
      (
        await api.call('PUT', `/companies/${p.companyA.id}/languages`, {
          token: p.tokens.employeeA,
          body: { languages: ['en'] },
        })
      ).status,
    ).toBe(403);
    expect((await api.call('GET', path, { token: p.tokens.employeeA })).status).toBe(200);
    expect((await api.call('GET', path)).status).toBe(401);
    expect((await api.call('PUT', path, { token: p.tokens.user, body: { name: 'X' } })).status).toBe(403);
  });
  it('[GUEST][REST][translations]: the public product list of a company carries each card translation and the published languages', async () => {
    const { api, p, product, steps } = await setup();
    const list = `/public/companies/${p.companyA.id}/products`;
    const before = await api.call('GET', list);
    expect(before.status).toBe(200);
    expect(before.body.data.languages).toEqual([]);
    expect(before.body.data.products.find((x: { id: number }) => x.id === product.id).translations).toEqual({});

    await api.call('PUT', `/products/${product.id}/translations/en`, {
      token: p.tokens.adminA,
      body: { name: 'Robusta coffee', category: 'Coffee', tags: ['roasted'], steps: { [steps[0]!]: { activity: 'Harvest' } } },
    });
    await api.call('PUT', `/companies/${p.companyA.id}/languages`, {
      token: p.tokens.adminA,
      body: { languages: ['en'] },
    });
    const after = await api.call('GET', list);
    expect(after.body.data.languages).toEqual(['en']);
    const card = after.body.data.products.find((x: { id: number }) => x.id === product.id);
    // What a card shows, not the steps or the tags.
    expect(card).toMatchObject({ name: 'Cà phê Robusta', translations: { en: { name: 'Robusta coffee', category: 'Coffee' } } });
    expect(card.translations.en).not.toHaveProperty('steps');
    expect(card.translations.en).not.toHaveProperty('tags');
  });
});

describe('[COMPANY_ADMIN][REST][translations] what is refused', () => {
  it('[COMPANY_ADMIN][REST][translations]: a language other than en or zh-Hans is 400 in Vietnamese, naming it', async () => {
    const { api, p, product, lot } = await setup();
    for (const path of [
      `/products/${product.id}/translations/fr`,
      `/lots/${lot.id}/translations/vi`,
      `/companies/${p.companyA.id}/translations/EN`,
    ]) {
      const res = await api.call('PUT', path, { token: p.tokens.adminA, body: {} });
      expect(res.status, path).toBe(400);
      expect(res.body.errors).toEqual({ lang: vi.translations.invalidLanguage });
      expect((await api.call('GET', path, { token: p.tokens.adminA })).status, path).toBe(400);
    }
    const languages = await api.call('PUT', `/companies/${p.companyA.id}/languages`, {
      token: p.tokens.adminA,
      body: { languages: ['en', 'fr'] },
    });
    expect(languages.status).toBe(400);
    const twice = await api.call('PUT', `/companies/${p.companyA.id}/languages`, {
      token: p.tokens.adminA,
      body: { languages: ['zh', 'zh-Hans'] },
    });
    expect(twice.status).toBe(400);
    expect(twice.body.errors).toEqual({ languages: vi.translations.duplicateLanguage });
  });

  it('[COMPANY_ADMIN][REST][translations]: each field is bounded as its Vietnamese field; unknown fields are refused', async () => {
    const { api, p, product, lot } = await setup();
    const put = (path: string, body: unknown) => api.call('PUT', path, { token: p.tokens.adminA, body });
    const productPath = `/products/${product.id}/translations/en`;
    const long = await put(productPath, { name: 'x'.repeat(201) });
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual({ 'translation.name': vi.validation.tooLong(200) });
    expect((await put(productPath, { name: 'x'.repeat(200) })).status).toBe(200);
    expect((await put(productPath, { shelf_life: 'x'.repeat(101) })).body.errors).toEqual({
      'translation.shelf_life': vi.validation.tooLong(100),
    });
    expect((await put(productPath, { tags: Array.from({ length: 31 }, (_, i) => `t${i}`) })).status).toBe(
      400,
    );
    expect((await put(productPath, { tags: ['x'.repeat(51)] })).status).toBe(400);
    const unknown = await put(productPath, { description: 'A coffee' });
    expect(unknown.status).toBe(400);
    expect((await put(productPath, { brand: 'X' })).status).toBe(400);
    const manySteps = Object.fromEntries(
      Array.from({ length: 201 }, (_, i) => [String(i + 1), { activity: 'a' }]),
    );
    const tooMany = await put(productPath, { steps: manySteps });
    expect(tooMany.status).toBe(400);
    expect(Object.values(tooMany.body.errors ?? {})).toContain(vi.translations.tooManySteps(200));
    expect((await put(productPath, { steps: { abc: { activity: 'a' } } })).status).toBe(400);
    expect((await put(`/lots/${lot.id}/translations/en`, { recallReason: 'x'.repeat(1001) })).status).toBe(
      400,
    );
    expect(
      (await put(`/companies/${p.companyA.id}/translations/en`, { address: 'x'.repeat(501) })).body.errors,
    ).toEqual({ 'translation.address': vi.validation.tooLong(500) });
    // Nothing of the refused saves was kept.
    const kept = await api.call('GET', productPath, { token: p.tokens.adminA });
    expect(kept.body.data).toEqual({ name: 'x'.repeat(200) });
  });

  it("[COMPANY_ADMIN][REST][translations]: a step id not of the row is 400 naming it (another product's, a lot's, none)", async () => {
    const { api, p, product, lot, steps, adminA } = await setup();
    const other = await makeProduct(api.deps, p.companyA.id, { name: 'Khác' }, TIMELINE);
    const otherSteps = (await adminA.products.get({ id: other.id })).trackings.map((t) => t.id);
    for (const id of [otherSteps[0]!, lot.events[0]!.id + 1000, 999999]) {
      const res = await api.call('PUT', `/products/${product.id}/translations/en`, {
        token: p.tokens.adminA,
        body: { steps: { [steps[0]!]: { activity: 'Harvest' }, [id]: { activity: 'x' } } },
      });
      expect(res.status, String(id)).toBe(400);
      expect(res.body.message).toBe(vi.translations.unknownStep(String(id)));
    }
    // A product's step is not a lot's (ids of the two tables are counted apart: one not among the lot's).
    const productOnly = steps.find((id) => !lot.events.some((e) => e.id === id))!;
    const res = await api.call('PUT', `/lots/${lot.id}/translations/en`, {
      token: p.tokens.adminA,
      body: { steps: { [lot.events[0]!.id]: { activity: 'Roast' }, [productOnly]: { activity: 'Harvest' } } },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(vi.translations.unknownStep(String(productOnly)));
    expect((await adminA.products.get({ id: product.id })).translations).toEqual({});
  });

  it("[COMPANY_ADMIN][REST][translations]: another company's product, lot or company is 404: neither read nor written", async () => {
    const { api, p, product, lot } = await setup();
    const paths = [
      `/products/${product.id}/translations/en`,
      `/lots/${lot.id}/translations/en`,
      `/companies/${p.companyA.id}/translations/en`,
    ];
    const bodyOf = (path: string) => (path.startsWith('/lots') ? { unit: 'kept' } : { name: 'Kept' });
    for (const path of paths) {
      expect((await api.call('PUT', path, { token: p.tokens.adminA, body: bodyOf(path) })).status, path).toBe(
        200,
      );
    }
    for (const path of paths) {
      expect((await api.call('GET', path, { token: p.tokens.adminB })).status, path).toBe(404);
      expect((await api.call('PUT', path, { token: p.tokens.adminB, body: bodyOf(path) })).status, path).toBe(
        404,
      );
      expect((await api.call('DELETE', path, { token: p.tokens.adminB })).status, path).toBe(404);
    }
    expect(
      (
        await api.call('PUT', `/companies/${p.companyA.id}/languages`, {
          token: p.tokens.adminB,
          body: { languages: ['en'] },
        })
      ).status,
    ).toBe(404);
    // A missing row answers alike.
    expect(
      (await api.call('GET', '/products/999999/translations/en', { token: p.tokens.adminB })).status,
    ).toBe(404);
    expect(
      (await api.call('GET', '/companies/999999/translations/en', { token: p.tokens.adminB })).status,
    ).toBe(404);
    // A's rows are untouched; SUPER_ADMIN works across companies.
    for (const path of paths) {
      expect((await api.call('GET', path, { token: p.tokens.superAdmin })).body.data, path).toEqual(
        bodyOf(path),
      );
    }
    expect(
      (await api.call('PUT', paths[0]!, { token: p.tokens.superAdmin, body: { name: 'By the admin' } }))
        .status,
    ).toBe(200);
  });
});

describe('[COMPANY_ADMIN][tRPC][translations] two languages at once, and the public answers', () => {
  it('[COMPANY_ADMIN][tRPC][translations]: English and Chinese saved at the same time on one row both survive', async () => {
    const { api, p, product, lot } = await setup();
    const a = callerFor(api.deps, p.adminA);
    const e = callerFor(api.deps, p.employeeA);
    for (let round = 0; round < 5; round++) {
      await Promise.all([
        a.products.putTranslation({ id: product.id, lang: 'en', translation: { name: `Coffee ${round}` } }),
        e.products.putTranslation({
          id: product.id,
          lang: 'zh-Hans',
          translation: { name: `咖啡 ${round}` },
        }),
        a.lots.putTranslation({ id: lot.id, lang: 'en', translation: { unit: `bag ${round}` } }),
        e.lots.putTranslation({ id: lot.id, lang: 'zh', translation: { unit: `袋 ${round}` } }),
        a.companies.putTranslation({ id: p.companyA.id, lang: 'en', translation: { name: `Co ${round}` } }),
        a.companies.putTranslation({
          id: p.companyA.id,
          lang: 'zh-Hans',
          translation: { name: `公司 ${round}` },
        }),
      ]);
      expect((await a.products.get({ id: product.id })).translations).toEqual({
        en: { name: `Coffee ${round}` },
        'zh-Hans': { name: `咖啡 ${round}` },
      });
      expect((await a.lots.get({ id: lot.id })).translations).toEqual({
        en: { unit: `bag ${round}` },
        'zh-Hans': { unit: `袋 ${round}` },
      });
      expect((await a.companies.byId({ id: p.companyA.id })).translations).toEqual({
        en: { name: `Co ${round}` },
        'zh-Hans': { name: `公司 ${round}` },
      });
    }
    // A delete beside a save of the other language keeps the save.
    await Promise.all([
      a.products.deleteTranslation({ id: product.id, lang: 'en' }),
      e.products.putTranslation({ id: product.id, lang: 'zh-Hans', translation: { name: '咖啡' } }),
    ]);
    expect((await a.products.get({ id: product.id })).translations).toEqual({ 'zh-Hans': { name: '咖啡' } });
  });

  it('[GUEST][REST][translations]: the public answers carry translations and languages at once after a save', async () => {
    const { api, p, product, lot, steps } = await setup();
    const a = callerFor(api.deps, p.adminA);
    const visitor = callerFor(api.deps, null);
    const code = (await a.products.get({ id: product.id })).qr_code;
    // Kept first, so that the saves below must drop them.
    const before = await visitor.publicProducts.byId({ id: product.id });
    expect(before).toMatchObject({
      translations: {},
      languages: [],
      company: { translations: {}, languages: [] },
    });
    expect((await api.call('GET', `/public/lots/${lot.id}`)).body.data.lot.translations).toEqual({});
    await api.call('GET', `/products/qr-codes/${code}`);

    await a.products.putTranslation({
      id: product.id,
      lang: 'en',
      translation: { name: 'Robusta coffee', steps: { [steps[0]!]: { activity: 'Harvest' } } },
    });
    await a.lots.putTranslation({ id: lot.id, lang: 'zh-Hans', translation: { unit: '袋' } });
    await a.companies.putTranslation({
      id: p.companyA.id,
      lang: 'en',
      translation: { name: 'Dak Lak Coffee' },
    });
    await a.companies.setLanguages({ id: p.companyA.id, languages: ['en'] });

    const productTranslations = {
      en: { name: 'Robusta coffee', steps: { [steps[0]!]: { activity: 'Harvest' } } },
    };
    await atOnce(async () => {
      expect(await visitor.publicProducts.byId({ id: product.id })).toMatchObject({
        translations: productTranslations,
        languages: ['en'],
        company: { translations: { en: { name: 'Dak Lak Coffee' } }, languages: ['en'] },
      });
      const resolved = await api.call('GET', `/products/qr-codes/${code}`);
      expect(resolved.body.data).toMatchObject({ translations: productTranslations, languages: ['en'] });
      const page = (await api.call('GET', `/public/lots/${lot.id}`)).body.data;
      expect(page.lot.translations).toEqual({ 'zh-Hans': { unit: '袋' } });
      expect(page.product).toMatchObject({ translations: productTranslations, languages: ['en'] });
      expect((await api.call('GET', `/companies/${p.companyA.id}`)).body.data).toMatchObject({
        translations: { en: { name: 'Dak Lak Coffee' } },
        languages: ['en'],
      });
    });
  });

  it('[GUEST][REST][translations]: the public answer is the workspace objects byte for byte, translations included', async () => {
    const { api, p, product, lot, steps } = await setup();
    const a = callerFor(api.deps, p.adminA);
    await a.products.putTranslation({
      id: product.id,
      lang: 'zh-Hans',
      translation: {
        unit: '袋',
        name: '咖啡 "特别" \\ </script>',
        tags: ['烘焙'],
        steps: { [steps[1]!]: { location: '多乐', activity: '烘焙' } },
      },
    });
    await a.products.putTranslation({
      id: product.id,
      lang: 'en',
      translation: { origin: 'Dak Lak', name: 'Coffee' },
    });
    await a.lots.recall({ id: lot.id, reason: 'Nấm mốc' });
    await a.lots.putTranslation({
      id: lot.id,
      lang: 'en',
      translation: { recallReason: 'Mould', unit: 'bag' },
    });
    await a.companies.putTranslation({
      id: p.companyA.id,
      lang: 'en',
      translation: { representative: 'Mr. A' },
    });
    await a.companies.setLanguages({ id: p.companyA.id, languages: ['zh-Hans', 'en'] });

    const workspace = await a.products.get({ id: product.id });
    const company = await a.companies.byId({ id: p.companyA.id });
    const l = await a.lots.get({ id: lot.id });
    const publicLot = {
      id: l.id,
      code: l.code,
      productionDate: l.productionDate,
      expiryDate: l.expiryDate,
      expiryKind: l.expiryKind,
      recalled: l.recalled,
      recalledAt: l.recalledAt,
      recallReason: l.recallReason,
      inputRecallCode: l.inputRecallCode,
      inputRecallReason: l.inputRecallReason,
      translations: l.translations,
    };
    const expected = {
      statusCode: 200,
      message: vi.api.ok,
      data: {
        ...workspace,
        languages: company.languages,
        company,
        lot: null,
        recalledLots: [publicLot],
      },
    };
    await atOnce(async () => {
      expect((await api.call('GET', `/products/qr-codes/${workspace.qr_code}`)).text).toBe(
        JSON.stringify(expected),
      );
    });
  });
});
