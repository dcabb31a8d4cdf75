import { afterEach, describe, expect, it, vi } from 'vitest';
import { failureMessage } from '#client/lib/api-errors.ts';
import {
  addPending,
  isOffline,
  PENDING_MAX,
  readPending,
  removePending,
} from '#client/features/scan/pending-scans.ts';
import { vi as messages } from '#shared/i18n/vi/index.ts';

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
});

describe('[GUEST][client][scan]: codes read offline wait on the phone', () => {
  it('keeps each code once, newest last, and forgets a looked-up one', () => {
    addPending('ma-mot');
    addPending('ma-hai');
    expect(addPending('ma-mot')).toEqual(['ma-hai', 'ma-mot']);
    expect(removePending('ma-hai')).toEqual(['ma-mot']);
    expect(readPending()).toEqual(['ma-mot']);
  });

  it(`keeps at most ${PENDING_MAX}, the newest`, () => {
    for (let i = 0; i < PENDING_MAX + 5; i++) addPending(`ma-${i}`);
    const kept = readPending();
    expect(kept).toHaveLength(PENDING_MAX);
    expect(kept.at(-1)).toBe(`ma-${PENDING_MAX + 4}`);
    expect(kept[0]).toBe('ma-5');
  });

  it('drops whatever else is in storage', () => {
    localStorage.setItem('pending-scans', JSON.stringify(['ma-tot', 42, null, '', { code: 'x' }]));
    expect(readPending()).toEqual(['ma-tot']);
    localStorage.setItem('pending-scans', '{not json');
    expect(readPending()).toEqual([]);
  });

  it('no answer, or the browser offline, is offline; an HTTP error is not', () => {
    expect(isOffline(null)).toBe(true);
    expect(isOffline(undefined)).toBe(true);
    expect(isOffline(404)).toBe(false);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(isOffline(404)).toBe(true);
  });

  it('a failed call with the phone offline says so in Vietnamese', () => {
    expect(failureMessage({ status: null, message: 'Failed to fetch' })).toBe(messages.client.unknownError);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(failureMessage({ status: null, message: 'Failed to fetch' })).toBe(messages.client.offline);
  });
});
