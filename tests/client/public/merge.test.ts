import { describe, expect, it, vi } from 'vitest';
import { addGuestScan, readGuestHistory } from '#client/features/history/guest-history.ts';
import { mergeGuestHistory } from '#client/features/history/merge.ts';

const product = (id: number) => ({
  productId: id,
  name: `Sản phẩm ${id}`,
  image: null,
  companyName: 'Công ty A',
});
type Client = Parameters<typeof mergeGuestHistory>[0];
const clientWith = (mutate: (...args: unknown[]) => Promise<unknown>) =>
  ({ scanLogs: { merge: { mutate } } }) as unknown as Client;

describe('[USER][client][history] merging the phone history at sign-in', () => {
  it('[USER][client][history]: sends the ids newest first without a toast, then clears the phone list', async () => {
    addGuestScan(product(1), new Date(1000));
    addGuestScan(product(2), new Date(2000));
    const mutate = vi.fn(async () => ({ merged: 2, ignored: 0 }));
    expect(await mergeGuestHistory(clientWith(mutate))).toBe(true);
    expect(mutate).toHaveBeenCalledWith({ productIds: [2, 1], lots: [] }, { context: { silent: true } });
    expect(readGuestHistory()).toEqual([]);
  });

  it('[USER][client][history]: a failed merge keeps the list for the next sign-in', async () => {
    addGuestScan(product(1));
    const mutate = vi.fn(async () => {
      throw new Error('network');
    });
    expect(await mergeGuestHistory(clientWith(mutate))).toBe(false);
    expect(readGuestHistory().map((e) => e.productId)).toEqual([1]);
  });

  it('[USER][client][history]: nothing to merge makes no call', async () => {
    const mutate = vi.fn();
    expect(await mergeGuestHistory(clientWith(mutate))).toBe(false);
    expect(mutate).not.toHaveBeenCalled();
  });
});
