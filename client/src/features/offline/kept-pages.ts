/**
 * The last answer of each product and lot page this phone opened, kept under 'kept-pages' so that with
 * no network the page shows that copy, marked with its time, rather than nothing (decision 187). The
 * page always asks the server first: a copy is shown only when no answer came at all, so a recall, or a
 * product withdrawn since, is never hidden by an old copy while there is a network. Newest first, one
 * per page, at most KEPT_MAX pages; a printed code that opened a product names that product too (its
 * /redirect/{code} address then opens the copy). Read defensively, like the history: anything
 * malformed is dropped.
 */
import { STORAGE_KEYS } from '#shared/constants.ts';
import { readJson, writeJson } from '#client/lib/storage.ts';

export type KeptKind = 'product' | 'lot';

export interface KeptCopy<T = unknown> {
  kind: KeptKind;
  id: number;
  /** When the answer came from the server, in ms. */
  at: number;
  data: T;
}

interface Store {
  pages: KeptCopy[];
  /** Printed codes and the product each opened, newest first. */
  codes: [string, number][];
}

export const KEPT_MAX = 20;
export const KEPT_CODES_MAX = 50;
/** An answer longer than this (a lot with hundreds of steps) is not kept: the phone's storage is small and shared. */
export const KEPT_CHARS_MAX = 100_000;

const isId = (v: unknown): v is number => Number.isSafeInteger(v) && (v as number) > 0;

function isCopy(v: unknown): v is KeptCopy {
  const c = v as Partial<KeptCopy> | null;
  return (
    !!c &&
    typeof c === 'object' &&
    (c.kind === 'product' || c.kind === 'lot') &&
    isId(c.id) &&
    Number.isFinite(c.at) &&
    !!c.data &&
    typeof c.data === 'object'
  );
}

function read(): Store {
  const raw = readJson<Partial<Store>>(STORAGE_KEYS.keptPages);
  const pages = Array.isArray(raw?.pages) ? raw.pages.filter(isCopy).slice(0, KEPT_MAX) : [];
  const codes = Array.isArray(raw?.codes)
    ? raw.codes
        .filter((e): e is [string, number] => Array.isArray(e) && typeof e[0] === 'string' && isId(e[1]))
        .slice(0, KEPT_CODES_MAX)
    : [];
  return { pages, codes };
}

const same = (kind: KeptKind, id: number) => (c: KeptCopy) => c.kind === kind && c.id === id;

/** Keeps `data` as the page's copy, on top; an answer too long to keep leaves any older copy out too. */
export function keepPage(kind: KeptKind, id: number, data: unknown, now = Date.now()): void {
  const store = read();
  const others = store.pages.filter((c) => !same(kind, id)(c));
  const fits = JSON.stringify(data).length <= KEPT_CHARS_MAX;
  const pages = fits ? [{ kind, id, at: now, data }, ...others].slice(0, KEPT_MAX) : others;
  writeJson(STORAGE_KEYS.keptPages, { ...store, pages });
}

export function keptPage<T>(kind: KeptKind, id: number): KeptCopy<T> | null {
  return (read().pages.find(same(kind, id)) as KeptCopy<T> | undefined) ?? null;
}

/** The page's copy goes: the server said the page is gone (not found, no longer public). */
export function dropPage(kind: KeptKind, id: number): void {
  const store = read();
  if (!store.pages.some(same(kind, id))) return;
  writeJson(STORAGE_KEYS.keptPages, { ...store, pages: store.pages.filter((c) => !same(kind, id)(c)) });
}

/** A printed code opened this product (/redirect/{code}). */
export function keepCode(code: string, productId: number): void {
  const store = read();
  const folded = code.toLowerCase();
  const codes: [string, number][] = [[folded, productId], ...store.codes.filter(([c]) => c !== folded)];
  writeJson(STORAGE_KEYS.keptPages, { ...store, codes: codes.slice(0, KEPT_CODES_MAX) });
}

/** The product a printed code opened before (or whose own code it is), or null. Codes are stored folded. */
export function productOfCode(code: string): number | null {
  const folded = code.toLowerCase();
  const store = read();
  const named = store.codes.find(([c]) => c === folded)?.[1];
  if (named) return named;
  const own = store.pages.find(
    (c) => c.kind === 'product' && (c.data as { qr_code?: unknown }).qr_code === folded,
  );
  return own?.id ?? null;
}
