import { describe, expect, it } from 'vitest';
import {
  addGuestScan,
  clearGuestHistory,
  GUEST_HISTORY_MAX,
  type GuestScan,
  mergePayload,
  readGuestHistory,
  withScan,
} from '#client/features/history/guest-history.ts';

const product = (id: number) => ({
  productId: id,
  name: `Sản phẩm ${id}`,
  image: null,
  companyName: 'Công ty A',
});
const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 8, minute));

describe("[GUEST][client][history] the phone's scan history", () => {
  it("[GUEST][client][history]: a scan is stored under 'scanned-qrs' with the product, company and time, newest first", () => {
    addGuestScan(product(1), at(0));
    addGuestScan({ ...product(2), image: '/uploads/a.png' }, at(1));
    expect(JSON.parse(localStorage.getItem('scanned-qrs')!)).toEqual([
      {
        productId: 2,
        name: 'Sản phẩm 2',
        image: '/uploads/a.png',
        companyName: 'Công ty A',
        lot: null,
        scannedAt: at(1).toISOString(),
      },
      {
        productId: 1,
        name: 'Sản phẩm 1',
        image: null,
        companyName: 'Công ty A',
        lot: null,
        scannedAt: at(0).toISOString(),
      },
    ]);
  });

  it('[GUEST][client][history]: scanning a product again moves it to the top instead of adding a second entry', () => {
    addGuestScan(product(1), at(0));
    addGuestScan(product(2), at(1));
    addGuestScan(product(1), at(2));
    const list = readGuestHistory();
    expect(list.map((e) => e.productId)).toEqual([1, 2]);
    expect(list[0]?.scannedAt).toBe(at(2).toISOString());
  });

  it(`[GUEST][client][history]: the list keeps the newest ${GUEST_HISTORY_MAX} products`, () => {
    let list: GuestScan[] = [];
    for (let id = 1; id <= GUEST_HISTORY_MAX + 5; id++)
      list = withScan(list, { ...product(id), scannedAt: at(0).toISOString() });
    expect(list).toHaveLength(GUEST_HISTORY_MAX);
    expect(list[0]?.productId).toBe(GUEST_HISTORY_MAX + 5);
    expect(list.at(-1)?.productId).toBe(6);
  });

  it('[GUEST][client][history]: malformed storage is ignored entry by entry', () => {
    localStorage.setItem(
      'scanned-qrs',
      JSON.stringify([
        { productId: 'x' },
        null,
        { ...product(3), scannedAt: 'hôm qua' },
        { ...product(4), scannedAt: at(0).toISOString() },
      ]),
    );
    expect(readGuestHistory().map((e) => e.productId)).toEqual([4]);
    localStorage.setItem('scanned-qrs', '{not json');
    expect(readGuestHistory()).toEqual([]);
  });

  it('[GUEST][client][history]: the merge payload is the product ids newest first, and nothing when empty', () => {
    expect(mergePayload([])).toBeNull();
    addGuestScan(product(7), at(0));
    addGuestScan(product(9), at(1));
    expect(mergePayload(readGuestHistory())).toEqual({ productIds: [9, 7], lots: [] });
    clearGuestHistory();
    expect(readGuestHistory()).toEqual([]);
    expect(mergePayload(readGuestHistory())).toBeNull();
  });

  it("[GUEST][client][history]: a lot scan keeps its lot and recall; the product's own code keeps it; another lot replaces it", () => {
    const l1 = { id: 11, code: 'L1', recalled: true };
    addGuestScan({ ...product(1), lot: l1 }, at(0));
    addGuestScan({ ...product(1), lot: null }, at(1));
    expect(readGuestHistory()[0]?.lot).toEqual(l1);
    addGuestScan({ ...product(1), lot: { id: 12, code: 'L2', recalled: false } }, at(2));
    expect(readGuestHistory().map((e) => e.lot?.code)).toEqual(['L2']);
    addGuestScan(product(2), at(3));
    expect(mergePayload(readGuestHistory())).toEqual({
      productIds: [2, 1],
      lots: [{ productId: 1, lotId: 12 }],
    });
  });

  it('[GUEST][client][history]: an entry kept before lots were kept still reads; a malformed lot drops its entry', () => {
    localStorage.setItem(
      'scanned-qrs',
      JSON.stringify([
        { ...product(5), scannedAt: at(0).toISOString() },
        { ...product(6), lot: { id: 'x' }, scannedAt: at(0).toISOString() },
      ]),
    );
    expect(readGuestHistory().map((e) => e.productId)).toEqual([5]);
  });
});
