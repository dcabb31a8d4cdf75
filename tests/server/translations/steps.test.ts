import { describe, expect, it } from 'vitest';
import { callerFor } from '#tests/helpers/factories.ts';
import { createTestApi } from '#tests/helpers/http.ts';
import { makeProduct, people, TIMELINE } from '#tests/server/products/helpers.ts';

/**
 * A step's translations are kept by its id (decision 210). A product's timeline is saved whole, each step a
 * new row: its translations follow the step (same words, else same place), each field only while its
 * Vietnamese is unchanged; a lot's steps keep their rows.
 */
describe('[COMPANY_ADMIN][tRPC][translations] steps across a timeline save', () => {
  it('[COMPANY_ADMIN][tRPC][translations]: a product save carries each step translation to the step it became', async () => {
    const api = await createTestApi();
    const p = await people(api.deps);
    const a = callerFor(api.deps, p.adminA);
    const product = await makeProduct(api.deps, p.companyA.id, { name: 'Cà phê' }, TIMELINE);
    const [harvest, roast, pack] = (await a.products.get({ id: product.id })).trackings;
    await a.products.putTranslation({
      id: product.id,
      lang: 'en',
      translation: {
        name: 'Coffee',
        steps: { [harvest!.id]: { activity: 'Harvest' }, [roast!.id]: { activity: 'Roast' } },
      },
    });
    await a.products.putTranslation({
      id: product.id,
      lang: 'zh-Hans',
      translation: { steps: { [pack!.id]: { activity: '包装' } } },
    });
    const step = (s: typeof harvest) => ({
      activity: s!.activity,
      location: s!.location,
      date: s!.date,
      description: s!.description,
    });
    // A new first step, the harvest's description corrected, the packing removed.
    const saved = await a.products.update({
      id: product.id,
      name: 'Cà phê',
      trackings: [
        { activity: 'Ươm cây', location: '', date: '2023-01-01', description: '' },
        { ...step(harvest), description: 'Hái chín bằng tay' },
        step(roast),
      ],
    });
    const [, newHarvest, newRoast] = saved.trackings;
    expect(saved.translations).toEqual({
      en: {
        name: 'Coffee',
        steps: { [newRoast!.id]: { activity: 'Roast' }, [newHarvest!.id]: { activity: 'Harvest' } },
      },
    });
    // A save with no timeline leaves the steps alone.
    const again = await a.products.update({ id: product.id, name: 'Cà phê Robusta' });
    expect(again.translations).toEqual(saved.translations);
  });

  it('[COMPANY_ADMIN][tRPC][translations]: a step put in the place of another never takes its translation; a field whose Vietnamese changed loses its own', async () => {
    const api = await createTestApi();
    const p = await people(api.deps);
    const a = callerFor(api.deps, p.adminA);
    const product = await makeProduct(api.deps, p.companyA.id, { name: 'Cà phê' }, TIMELINE);
    const [first, second] = (await a.products.get({ id: product.id })).trackings;
    await a.products.putTranslation({
      id: product.id,
      lang: 'en',
      translation: {
        steps: {
          [first!.id]: { activity: 'First', location: 'Somewhere' },
          [second!.id]: { activity: 'Second' },
        },
      },
    });
    const saved = await a.products.update({
      id: product.id,
      name: 'Cà phê',
      trackings: [
        // The first step moved elsewhere: its activity stays, its location translation does not.
        { activity: first!.activity, location: 'Nơi khác', date: first!.date, description: first!.description },
        // Another step where the second was: nothing of the second's.
        { activity: 'Bước mới', location: second!.location, date: second!.date, description: second!.description },
      ],
    });
    const [newFirst] = saved.trackings;
    expect(saved.translations).toEqual({ en: { steps: { [newFirst!.id]: { activity: 'First' } } } });
  });

  it('[COMPANY_ADMIN][tRPC][translations]: a lot step sent back with its id keeps its translation', async () => {
    const api = await createTestApi();
    const p = await people(api.deps);
    const a = callerFor(api.deps, p.adminA);
    const product = await makeProduct(api.deps, p.companyA.id, { name: 'Cà phê' });
    const lot = await a.lots.create({
      productId: product.id,
      code: 'L1',
      events: [
        { activity: 'Rang', location: '', date: '2024-05-02' },
        { activity: 'Xuất kho', location: '', date: '2024-05-10' },
      ],
    });
    const [roast, ship] = lot.events;
    await a.lots.putTranslation({
      id: lot.id,
      lang: 'en',
      translation: { steps: { [roast!.id]: { activity: 'Roast' }, [ship!.id]: { activity: 'Ship' } } },
    });
    const saved = await a.lots.update({
      id: lot.id,
      events: [
        { id: ship!.id, activity: 'Xuất kho', date: '2024-05-10' },
        { id: roast!.id, activity: 'Rang mẻ', date: '2024-05-02' },
      ],
    });
    expect(saved.events.map((e) => e.id)).toEqual([ship!.id, roast!.id]);
    expect(saved.translations).toEqual({
      en: { steps: { [roast!.id]: { activity: 'Roast' }, [ship!.id]: { activity: 'Ship' } } },
    });
  });
});
