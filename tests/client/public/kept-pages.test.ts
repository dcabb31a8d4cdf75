import { describe, expect, it } from 'vitest';
import {
  dropPage,
  KEPT_CHARS_MAX,
  KEPT_MAX,
  keepCode,
  keepPage,
  keptPage,
  productOfCode,
} from '#client/features/offline/kept-pages.ts';

/** The copies of the product and lot pages a phone opened, for the next time it has no network (decision 187). */
describe('[client][offline]: the pages kept on the phone', () => {
  it('[GUEST][offline]: a page keeps its last answer with its time; a newer answer replaces it', () => {
    keepPage('product', 7, { name: 'Cà phê' }, 1_000);
    keepPage('product', 7, { name: 'Cà phê rang mộc' }, 2_000);
    expect(keptPage('product', 7)).toEqual({
      kind: 'product',
      id: 7,
      at: 2_000,
      data: { name: 'Cà phê rang mộc' },
    });
    // A lot and a product of the same id are two pages.
    expect(keptPage('lot', 7)).toBeNull();
  });

  it('[GUEST][offline]: at most KEPT_MAX pages, the oldest opened going first; a page opened again comes back on top', () => {
    for (let id = 1; id <= KEPT_MAX; id++) keepPage('product', id, { id }, id);
    keepPage('product', 1, { id: 1 }, 100);
    keepPage('lot', 99, { id: 99 }, 101);
    expect(keptPage('product', 2)).toBeNull();
    expect(keptPage('product', 1)?.at).toBe(100);
    expect(keptPage('lot', 99)).not.toBeNull();
    expect(keptPage('product', KEPT_MAX)).not.toBeNull();
  });

  it('[GUEST][offline]: an answer too long for the phone is not kept, and leaves no older copy behind', () => {
    keepPage('lot', 3, { events: [] });
    keepPage('lot', 3, { events: 'x'.repeat(KEPT_CHARS_MAX) });
    expect(keptPage('lot', 3)).toBeNull();
  });

  it('[GUEST][offline]: a page the server says is gone is dropped', () => {
    keepPage('product', 5, { name: 'Trà' });
    dropPage('product', 5);
    expect(keptPage('product', 5)).toBeNull();
  });

  it("[GUEST][offline]: a printed code names the product it opened; a product's own code names it too", () => {
    keepCode('AbCd1234EfGh', 9);
    expect(productOfCode('abcd1234efgh')).toBe(9);
    keepPage('product', 4, { qr_code: 'k2nb4z9a7d6n' });
    expect(productOfCode('K2NB4Z9A7D6N')).toBe(4);
    expect(productOfCode('khong-co')).toBeNull();
  });

  it('[GUEST][offline]: whatever else is in storage is read as nothing kept', () => {
    for (const raw of [
      '{',
      '"x"',
      '{"pages":[{"kind":"product","id":"7","at":1,"data":{}}]}',
      '{"pages":[null],"codes":[[1,2]]}',
    ]) {
      localStorage.setItem('kept-pages', raw);
      expect(keptPage('product', 7), raw).toBeNull();
      expect(productOfCode('1'), raw).toBeNull();
    }
  });
});
