import { LRUCache } from 'lru-cache';
import type { Change, ChangeFeed, ChangeKey } from '#server/db/change-feed.ts';
import type { AnswerSource, MaybePromise, SourceRow } from '#server/db/public-answers/source.ts';
import type { PublicLanguage } from '#shared/i18n/languages.ts';
import type { PublicAnswerKind, PublicPageName } from '#shared/public-pages.ts';
import { ID_MAX } from '#shared/schemas/common.ts';

export type {
  PublicLot,
  PublicLotAnswer,
  PublicProductAnswer,
  ShortLinkAnswer,
} from '#server/db/public-answers/answers.ts';
export type { MaybePromise } from '#server/db/public-answers/source.ts';

/**
 * The home of the public answers (decisions 070, 110): what a phone is answered when it scans, kept
 * as the encoded JSON of the answer's `data` (no transport envelope: the edge adds REST's or tRPC's,
 * server/http/public-routes.ts), together with the server-rendered pages made from it.
 *
 * This module is the cache policy alone (decision 199); what an answer is, and how each engine reads it, is
 * server/db/public-answers/ (the field lists, rendered to both engines' SQL). Built once by createAppDeps
 * (server/compose.ts) over the engine's answer source and change feed, and passed in as
 * `deps.publicAnswers`.
 *
 * - A miss is one prepared statement that returns the finished answer: the database builds the JSON
 *   itself, so nothing is serialized in JavaScript on this path.
 * - Invalidation is the database's: the change feed (server/db/change-feed.ts) tells of every row written
 *   to a table an answer is made of, whoever writes it (a save, an import, a code bound, a company's
 *   profile, a cascade, another instance). No write path has to remember to call anything.
 *   Over-invalidating is harmless; a rolled-back write only costs a miss.
 * - Bounded: CAPACITY answers per kind, least recently used out (lru-cache); an answer's pages go with
 *   it. Unknown codes are not kept, so a flood of random codes cannot push real answers out.
 */
export interface PublicAnswer {
  /** The answer's `data`, encoded once as UTF-8 JSON. */
  readonly data: Uint8Array<ArrayBuffer>;
  readonly productId: number | null;
  readonly companyId: number | null;
  /** The lot of a lot's own code or of a lot page: its scans count for the lot (decision 126). */
  readonly lotId: number | null;
  /**
   * The server-rendered pages made from this answer (server/http/first-view.ts), kept with it, by page and
   * by language (decision 212): at most one per public language, so an answer's pages stay bounded.
   */
  readonly pages: Partial<Record<PublicPageName, Partial<Record<PublicLanguage, KeptPage>>>>;
  /**
   * The answer in each transport's envelope, kept with it like its pages (server/http/public-routes.ts,
   * decision 168): 'sent' after its first send, the bytes from its second.
   */
  readonly envelopes: Partial<Record<EnvelopeKind, Uint8Array<ArrayBuffer> | 'sent'>>;
}

/** The envelopes an answer is sent in: REST's and tRPC's (their bytes are the edge's, not this module's). */
export type EnvelopeKind = 'rest' | 'trpc';

export interface KeptPage {
  /** The client's index page it was made from: a rebuild makes it stale. */
  template: string;
  gzip: Uint8Array<ArrayBuffer>;
}

/** Answers kept per kind; the figures behind it are in bench/RESULTS.md. */
const CAPACITY = 4_000;

/**
 * One kind of answer by code, with indexes by product and by company so that a change finds its
 * answers without walking the cache (an import changes thousands of rows, each a call).
 */
class AnswerCache {
  private readonly byProduct = new Map<number, Set<string>>();
  private readonly byCompany = new Map<number, Set<string>>();
  private readonly lru = new LRUCache<string, PublicAnswer>({
    max: CAPACITY,
    dispose: (entry, code) => {
      unindex(this.byProduct, entry.productId, code);
      unindex(this.byCompany, entry.companyId, code);
    },
  });

  get(code: string): PublicAnswer | undefined {
    return this.lru.get(code);
  }

  set(code: string, entry: PublicAnswer): void {
    this.lru.set(code, entry);
    index(this.byProduct, entry.productId, code);
    index(this.byCompany, entry.companyId, code);
  }

  changed(change: ChangeKey): void {
    if (this.lru.size === 0) return;
    if (change.code != null) this.lru.delete(change.code);
    for (const code of [
      ...(change.productId != null ? (this.byProduct.get(change.productId) ?? []) : []),
      ...(change.companyId != null ? (this.byCompany.get(change.companyId) ?? []) : []),
    ])
      this.lru.delete(code);
  }

  clear(): void {
    this.lru.clear();
  }

  get size() {
    return this.lru.size;
  }
}

function index(map: Map<number, Set<string>>, id: number | null, code: string) {
  if (id === null) return;
  const codes = map.get(id);
  if (codes) codes.add(code);
  else map.set(id, new Set([code]));
}
function unindex(map: Map<number, Set<string>>, id: number | null, code: string) {
  if (id === null) return;
  const codes = map.get(id);
  codes?.delete(code);
  if (codes?.size === 0) map.delete(id);
}

/** What the public answers are built from: the engine's answer source and change feed (server/compose.ts). */
export interface PublicAnswersDeps {
  source: AnswerSource;
  feed: Pick<ChangeFeed, 'subscribe' | 'listening'>;
}

export class PublicAnswers {
  /**
   * One cache per kind of answer, by key (a folded code, or an id's text), made when the kind is first
   * asked: the kinds are the table's (shared/public-pages.ts), and nothing here names one.
   */
  private readonly caches = new Map<PublicAnswerKind, AnswerCache>();
  /** An ACTIVE-or-not product's primary code by its id (the page opened by its address). */
  private readonly primaryCodes = new LRUCache<number, string>({ max: CAPACITY });
  /**
   * Keys asked once lately (decision 146): an answer read from the stored answers is kept only when its
   * key is asked a second time, so a storm over the whole catalogue, where each code comes once, does not
   * replace every kept answer with one nobody asks again (garbage that only a full collection frees).
   */
  private readonly askedOnce = new LRUCache<string, true>({ max: 4 * CAPACITY });
  private readonly source: AnswerSource;
  /**
   * Counts the changes reported. An answer read by an awaited query is kept only if no change came while it
   * was read: it may have been read before that change committed (decision 159).
   */
  private generation = 0;
  /** Reads in flight (an awaited source), by kind and key, shared by the asks that come meanwhile. */
  private readonly reading = new Map<string, Promise<PublicAnswer | null>>();
  /**
   * Whether answers are kept (decision 180): only while the change feed hears every change. SQLite's
   * always does (the connection's own triggers); PostgreSQL's until it first listens, and from the moment
   * it is lost until it listens again, may not, so every ask then reads the database afresh.
   */
  private keeping: boolean;

  constructor(deps: PublicAnswersDeps) {
    this.source = deps.source;
    this.keeping = deps.feed.listening;
    deps.feed.subscribe({
      changed: (change: Change) => (change === 'everything' ? this.changedAll() : this.changed(change)),
      listening: (heard) => this.listening(heard),
    });
  }

  /**
   * The answer of a kind for a key (a folded code, or an id), null when there is none: the kept one, else
   * the source's. A product's: the ACTIVE product, its company, timeline and lot facts; a short link's:
   * where a printed code leads; a lot's: its page (PublicLotAnswer) of a lot of an ACTIVE product.
   */
  answer(kind: PublicAnswerKind, key: string | number): MaybePromise<PublicAnswer | null> {
    // Past the ids either engine holds (decision 166): no answer, on both alike.
    if (typeof key === 'number' && !validId(key)) return null;
    const cacheKey = typeof key === 'string' ? key : String(key);
    let cache = this.caches.get(kind);
    if (!cache) {
      cache = new AnswerCache();
      this.caches.set(kind, cache);
    }
    const hit = cache.get(cacheKey);
    if (hit) return hit;
    const askKey = `${kind}:${cacheKey}`;
    return this.keep(
      askKey,
      () => this.source.answer(kind, key),
      (row) => {
        if (row.stored && !this.askedOnce.delete(askKey)) {
          this.askedOnce.set(askKey, true);
          return false;
        }
        return true;
      },
      (entry) => cache.set(cacheKey, entry),
    );
  }

  /** The product answer of an ACTIVE product by its id, by its primary code: one shape, kept in one place. */
  productById(id: number): MaybePromise<PublicAnswer | null> {
    if (!validId(id)) return null;
    const code = this.primaryCodes.get(id);
    if (code !== undefined) return this.answer('product', code);
    const generation = this.generation;
    return whenReady(this.source.primaryCode(id), (found) => {
      if (found === undefined) return null;
      if (this.keeping && generation === this.generation) this.primaryCodes.set(id, found);
      return this.answer('product', found);
    });
  }

  /**
   * A source's row as an answer, kept when `admit` says so and nothing changed while it was read. A read
   * that awaits is shared by every ask of the same key until it settles: the dispatcher hands a miss to
   * the app, which asks again (server/http/public-dispatcher.ts), and a storm on one cold code is one read.
   */
  private keep(
    key: string,
    read: () => MaybePromise<SourceRow | undefined>,
    admit: (row: SourceRow) => boolean,
    set: (entry: PublicAnswer) => void,
  ): MaybePromise<PublicAnswer | null> {
    const pending = this.reading.get(key);
    if (pending) return pending;
    const generation = this.generation;
    const answer = whenReady(read(), (row) => {
      if (!row) return null;
      const entry: PublicAnswer = {
        data: row.data,
        productId: row.productId,
        companyId: row.companyId,
        lotId: row.lotId,
        pages: {},
        envelopes: {},
      };
      if (this.keeping && admit(row) && generation === this.generation) set(entry);
      return entry;
    });
    if (!(answer instanceof Promise)) return answer;
    const shared = answer.finally(() => {
      if (this.reading.get(key) === shared) this.reading.delete(key);
    });
    this.reading.set(key, shared);
    return shared;
  }

  /** Drops every answer a write made stale (the change feed calls it; a test may too). */
  changed(change: ChangeKey): void {
    this.generation++;
    // A read begun before the change may have read the rows before it: later asks read again.
    this.reading.clear();
    for (const cache of this.caches.values()) cache.changed(change);
    this.source.changed(change);
    if (change.productId != null) this.primaryCodes.delete(change.productId);
  }

  /** Drops every answer: the feed was interrupted, so changes may have been missed. */
  changedAll(): void {
    this.generation++;
    this.reading.clear();
    for (const cache of this.caches.values()) cache.clear();
    this.primaryCodes.clear();
  }

  /**
   * Whether changes are heard (the change feed's `listening`). `false`: every kept answer goes at once and
   * none is kept until `true`, which drops everything again (reads begun while deaf are not kept either).
   */
  private listening(heard: boolean): void {
    this.keeping = heard;
    this.changedAll();
  }

  /** The page in `lang` made from this answer for the build's current template, if any. */
  keptPage(
    entry: PublicAnswer,
    page: PublicPageName,
    lang: PublicLanguage,
    template: string,
  ): Uint8Array<ArrayBuffer> | undefined {
    const kept = entry.pages[page]?.[lang];
    return kept?.template === template ? kept.gzip : undefined;
  }

  keepPage(entry: PublicAnswer, page: PublicPageName, lang: PublicLanguage, kept: KeptPage): void {
    const pages = entry.pages[page];
    if (pages) pages[lang] = kept;
    else entry.pages[page] = { [lang]: kept };
  }

  get size() {
    return [...this.caches.values()].reduce((n, cache) => n + cache.size, 0);
  }

  /** The stored answers (SQLite only): settled once every product's answer is stored and none is stale. */
  get store(): Pick<NonNullable<AnswerSource['store']>, 'settled' | 'settle' | 'read'> {
    if (!this.source.store) throw new Error('The stored answers exist on SQLite only (decision 159)');
    return this.source.store;
  }

  /** Stops storing answers between requests (shutdown, before the database closes). */
  close(): void {
    this.source.close();
  }
}

/** `f(value)` now when the value is at hand (not named `then`: a module exporting `then` is a thenable), after it when it is a promise: a hit never waits a tick. */
export function whenReady<T, R>(value: MaybePromise<T>, f: (v: T) => MaybePromise<R>): MaybePromise<R> {
  return value instanceof Promise ? value.then(f) : f(value);
}

/** An id a row may have on either engine: a positive integer up to PostgreSQL's `integer` (ID_MAX). */
const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= ID_MAX;

const decoder = new TextDecoder();

/** The answer's `data` as an object: for the typed procedures, which tRPC encodes itself. */
export function dataOf<T>(entry: PublicAnswer): T {
  return JSON.parse(decoder.decode(entry.data)) as T;
}

export function createPublicAnswers(deps: PublicAnswersDeps): PublicAnswers {
  return new PublicAnswers(deps);
}
