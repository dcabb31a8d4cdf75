import type { Statement } from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import type pg from 'pg';
import type { Sqlite } from '#server/db/client.ts';
import { type PgAnswerQueries, pgAnswerQueries } from '#server/db/pg-public-answers.ts';
import type { Settings } from '#server/env.ts';
import { ID_MAX } from '#shared/schemas/common.ts';
import type { DiskWatch } from '#server/lib/disk-full.ts';
import type { Logger } from '#server/logger.ts';
import type { PublicCompany } from '#server/services/accounts/profile.ts';
import { StoredAnswers, type StoredAnswersOptions } from './answer-store.ts';
import type { ProductAnswer } from './serialize.ts';

/**
 * The home of the public answers (decisions 070, 110): what a phone is answered when it scans, kept
 * as the encoded JSON of the answer's `data` (no transport envelope: the edge adds REST's or tRPC's,
 * server/http/public-routes.ts), together with the server-rendered pages made from it.
 *
 * Built once by createAppDeps (server/compose.ts) and passed in as `deps.publicAnswers`.
 *
 * - A miss is one prepared statement that returns the finished answer: SQLite builds the JSON itself
 *   (json_object, json_group_array), so nothing is serialized in JavaScript on this path.
 * - Invalidation is the database's: temporary triggers on this connection, on every table an answer is
 *   made of, call `public_changed(product, company, code)` for each row written, whoever writes it
 *   (a save, an import, a code bound, a company's profile, a cascade). No write path has to remember
 *   to call anything. Over-invalidating is harmless; a rolled-back write only costs a miss.
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
  /** The server-rendered pages made from this answer (server/http/first-view.ts), kept with it. */
  readonly pages: Partial<Record<PageKind, KeptPage>>;
  /**
   * The answer in each transport's envelope, kept with it like its pages (server/http/public-routes.ts,
   * decision 168): 'sent' after its first send, the bytes from its second.
   */
  readonly envelopes: Partial<Record<EnvelopeKind, Uint8Array<ArrayBuffer> | 'sent'>>;
}

/** The envelopes an answer is sent in: REST's and tRPC's (their bytes are the edge's, not this module's). */
export type EnvelopeKind = 'rest' | 'trpc';

export type PageKind = 'details' | 'redirect' | 'lot';
export interface KeptPage {
  /** The client's index page it was made from: a rebuild makes it stale. */
  template: string;
  gzip: Uint8Array<ArrayBuffer>;
}

/** What the public sees of a lot: its code, dates and recall; never its quantity or version. */
export interface PublicLot {
  id: number;
  code: string;
  productionDate: string | null;
  expiryDate: string | null;
  expiryKind: 'EXPIRY' | 'BEST_BEFORE';
  recalled: boolean;
  recalledAt: string | null;
  recallReason: string | null;
}

export type PublicProductAnswer = ProductAnswer & {
  trackings: Array<{
    id: number;
    activity: string;
    location: string;
    date: string;
    description: string;
    companyId: number;
  }>;
  company: PublicCompany;
  /** The lot of the scanned code when it is a lot's own code (decision 126). */
  lot: PublicLot | null;
  /** Every recalled lot of the product, so that its page warns about them first (decision 126). */
  recalledLots: PublicLot[];
};

/** The lot page's answer: the lot with its own journey, and its product's answer (decision 126). */
export interface PublicLotAnswer {
  lot: PublicLot & {
    events: Array<{
      id: number;
      activity: string;
      location: string;
      date: string;
      description: string;
      bizStep: string | null;
      gln: string | null;
    }>;
  };
  product: PublicProductAnswer;
}
export interface ShortLinkAnswer {
  code: string;
  productId: number | null;
  url: string;
}

export interface PublicChange {
  productId?: number | null;
  companyId?: number | null;
  code?: string | null;
}

/** SQLite's connection (its statements, stored answers and triggers), or any engine's query builder. */
type PublicAnswersDeps = {
  settings: Pick<Settings, 'publicUrl'>;
  logger?: Pick<Logger, 'info' | 'warn'>;
  disk?: Pick<DiskWatch, 'sawFull'>;
  /** The stored answers' reserve and retry (server/services/products/answer-store.ts); tests set them. */
  store?: Pick<StoredAnswersOptions, 'reserveBytes' | 'retryMs'>;
} & ({ sqlite: Sqlite } | { pool: pg.Pool });

/** Answers kept per kind; the figures behind it are in bench/RESULTS.md. */
const CAPACITY = 4_000;

/**
 * An ISO 8601 time as Date#toISOString writes it, from integer milliseconds. SQLite rounds the
 * fractional seconds back to whole milliseconds, so the text is exact (the byte-for-byte test in
 * tests/server/perf/public-cache.test.ts); one strftime is cheaper than formatting the parts apart.
 */
const iso = (col: string) => `strftime('%Y-%m-%dT%H:%M:%fZ', ${col} / 1000.0, 'unixepoch')`;

/**
 * The product answer of serialize.ts's toProduct, its timeline and its company (toPublicCompany), in
 * the same key order, built by SQLite. tests/server/perf/public-cache.test.ts compares it with the
 * product as the workspace reads it.
 */
const LOT_JSON = (l: string) => `json_object(
  'id', ${l}.id, 'code', ${l}.code, 'productionDate', ${l}.production_date, 'expiryDate', ${l}.expiry_date,
  'expiryKind', ${l}.expiry_kind, 'recalled', json(CASE WHEN ${l}.recalled_at IS NULL THEN 'false' ELSE 'true' END),
  'recalledAt', CASE WHEN ${l}.recalled_at IS NOT NULL THEN ${iso(`${l}.recalled_at`)} END,
  'recallReason', ${l}.recall_reason)`;

/**
 * The product answer of serialize.ts's toProduct, its timeline and its company (toPublicCompany), in
 * the same key order, built by SQLite; then the lot facts (decision 126): the lot of the scanned code
 * (`lotId`, an SQL expression: the short link's lot, or NULL) and every recalled lot of the product.
 * tests/server/perf/public-cache.test.ts compares it with the product as the workspace reads it.
 */
const productJson = (lotId: string) => `json_object(
  'id', p.id, 'companyId', p.company_id, 'name', p.name, 'image', p.image, 'images', json(p.images),
  'status', p.status, 'category', p.category, 'unit', p.unit, 'qr_code', p.qr_code,
  'qr_code_image', '/api/qr/' || p.qr_code || '.png', 'qr_code_svg', '/api/qr/' || p.qr_code || '.svg',
  'qr_code_url', @publicUrl || '/redirect/' || p.qr_code,
  'tags', json(p.tags), 'origin', p.origin,
  'gtin', p.gtin, 'brand', p.brand, 'standards', p.standards, 'shelf_life', p.shelf_life, 'version', p.version,
  'createdAt', ${iso('p.created_at')}, 'updatedAt', ${iso('p.updated_at')},
  'trackings', json((SELECT json_group_array(json_object(
      'id', t.id, 'activity', t.activity, 'location', t.location, 'date', t.date,
      'description', t.description, 'companyId', t.company_id) ORDER BY t.position)
    FROM tracking_entries t WHERE t.product_id = p.id)),
  'company', json_object(
    'id', c.id, 'name', c.name, 'representative', c.representative, 'address', c.address, 'email', c.email,
    'business_license', c.business_license, 'tax_code', c.tax_code, 'gln', c.gln,
    'digital_link_qr', json(CASE WHEN c.digital_link_qr THEN 'true' ELSE 'false' END),
    'createdAt', ${iso('c.created_at')}, 'updatedAt', ${iso('c.updated_at')}),
  'lot', json((SELECT ${LOT_JSON('sl')} FROM lots sl WHERE sl.id = ${lotId})),
  'recalledLots', json((SELECT json_group_array(${LOT_JSON('rl')} ORDER BY rl.code)
    FROM lots rl WHERE rl.product_id = p.id AND rl.recalled_at IS NOT NULL)))`;

/** The lot page's answer: the lot, its own journey, and its product's answer (a lot of no scanned code). */
const LOT_PAGE_JSON = `json_object(
  'lot', json_insert(${LOT_JSON('l')}, '$.events', json((SELECT json_group_array(json_object(
      'id', e.id, 'activity', e.activity, 'location', e.location, 'date', e.date,
      'description', e.description, 'bizStep', e.biz_step, 'gln', e.gln) ORDER BY e.position)
    FROM lot_events e WHERE e.lot_id = l.id))),
  'product', json(${productJson('NULL')}))`;

type ProductRow = [productId: number | null, companyId: number | null, data: string, lotId?: number | null];

/** Where a product answer is read from, for one code (a miss) or many (the stored answers). */
const productSource = (filter: string) =>
  `FROM short_links s JOIN products p ON p.id = s.product_id JOIN companies c ON c.id = p.company_id
   WHERE p.status = 'ACTIVE' AND ${filter}`;

/** The temporary triggers that tell the cache what changed (names are this connection's own). */
const TRIGGERS: Array<[table: string, event: 'INSERT' | 'UPDATE' | 'DELETE', calls: string]> = [
  ['products', 'INSERT', 'public_changed(NEW.id, NULL, NEW.qr_code)'],
  [
    'products',
    'UPDATE',
    'public_changed(OLD.id, NULL, OLD.qr_code), public_changed(NEW.id, NULL, NEW.qr_code)',
  ],
  ['products', 'DELETE', 'public_changed(OLD.id, NULL, OLD.qr_code)'],
  ['tracking_entries', 'INSERT', 'public_changed(NEW.product_id, NULL, NULL)'],
  [
    'tracking_entries',
    'UPDATE',
    'public_changed(OLD.product_id, NULL, NULL), public_changed(NEW.product_id, NULL, NULL)',
  ],
  ['tracking_entries', 'DELETE', 'public_changed(OLD.product_id, NULL, NULL)'],
  ['companies', 'UPDATE', 'public_changed(NULL, OLD.id, NULL)'],
  ['companies', 'DELETE', 'public_changed(NULL, OLD.id, NULL)'],
  ['short_links', 'INSERT', 'public_changed(NEW.product_id, NULL, NEW.code)'],
  [
    'short_links',
    'UPDATE',
    'public_changed(OLD.product_id, NULL, OLD.code), public_changed(NEW.product_id, NULL, NEW.code)',
  ],
  ['short_links', 'DELETE', 'public_changed(OLD.product_id, NULL, OLD.code)'],
  // A lot's dates, recall or journey change its product's answers (recalledLots, a lot code's lot) and its page.
  ['lots', 'INSERT', 'public_changed(NEW.product_id, NULL, NULL)'],
  [
    'lots',
    'UPDATE',
    'public_changed(OLD.product_id, NULL, NULL), public_changed(NEW.product_id, NULL, NULL)',
  ],
  ['lots', 'DELETE', 'public_changed(OLD.product_id, NULL, NULL)'],
  ['lot_events', 'INSERT', 'public_changed((SELECT product_id FROM lots WHERE id = NEW.lot_id), NULL, NULL)'],
  ['lot_events', 'UPDATE', 'public_changed((SELECT product_id FROM lots WHERE id = OLD.lot_id), NULL, NULL)'],
  ['lot_events', 'DELETE', 'public_changed((SELECT product_id FROM lots WHERE id = OLD.lot_id), NULL, NULL)'],
];

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

  changed(change: PublicChange): void {
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

/** One answer as a source gives it, before it is kept. */
interface SourceRow {
  productId: number | null;
  companyId: number | null;
  lotId: number | null;
  data: Uint8Array<ArrayBuffer>;
  /** Read from the stored answers (decision 145): kept only on a second ask (decision 146). */
  stored?: boolean;
}
/** A value at hand (a hit, or SQLite's synchronous statements) or a promise of it (an awaited query). */
export type MaybePromise<T> = T | Promise<T>;

/** Where the answers come from: SQLite's statements and stored answers, or the query builder (decision 159). */
interface AnswerSource {
  product(code: string): MaybePromise<SourceRow | undefined>;
  primaryCode(id: number): MaybePromise<string | undefined>;
  shortLink(code: string): MaybePromise<SourceRow | undefined>;
  lot(id: number): MaybePromise<SourceRow | undefined>;
  changed(change: PublicChange): void;
  readonly store?: StoredAnswers;
  close(): void;
}

/** SQLite: one statement per kind that builds the JSON (decision 110), and the stored answers (decision 145). */
class SqliteSource implements AnswerSource {
  private readonly queries: {
    product: Statement;
    primaryCode: Statement;
    shortLink: Statement;
    lot: Statement;
  };
  readonly store: StoredAnswers;

  constructor(
    sqlite: Sqlite,
    private readonly publicUrl: string,
    onChange: (change: PublicChange) => void,
    deps: Omit<PublicAnswersDeps, 'settings' | 'sqlite' | 'pool'>,
  ) {
    this.queries = {
      product: sqlite
        .prepare(
          `SELECT p.id, p.company_id, ${productJson('s.lot_id')}, s.lot_id ${productSource('s.code = @code')}`,
        )
        .raw(),
      primaryCode: sqlite.prepare('SELECT qr_code FROM products WHERE id = ?').pluck(),
      shortLink: sqlite
        .prepare(
          `SELECT s.product_id, s.company_id, json_object('code', s.code,
             'productId', CASE WHEN p.status = 'ACTIVE' THEN s.product_id END,
             'url', @publicUrl || '/redirect/' || s.code)
           FROM short_links s LEFT JOIN products p ON p.id = s.product_id WHERE s.code = @code`,
        )
        .raw(),
      lot: sqlite
        .prepare(
          `SELECT p.id, p.company_id, ${LOT_PAGE_JSON}, l.id
           FROM lots l JOIN products p ON p.id = l.product_id JOIN companies c ON c.id = p.company_id
           WHERE l.id = @id AND p.status = 'ACTIVE'`,
        )
        .raw(),
    };
    // The connection calls back into the cache for each row written (see the comment at the top).
    sqlite.function('public_changed', { deterministic: false }, (productId, companyId, code) => {
      onChange({
        productId: productId as number | null,
        companyId: companyId as number | null,
        code: code as string | null,
      });
      return null;
    });
    this.store = new StoredAnswers(
      sqlite,
      (filter) =>
        `SELECT s.code, p.id, p.company_id, s.lot_id, CAST(${productJson('s.lot_id')} AS BLOB) ${productSource(filter)}`,
      { publicUrl },
      {
        ...deps.store,
        logger: deps.logger,
        disk: deps.disk,
        onBuilt: (stats) => deps.logger?.info({ event: 'answers.stored', ...stats }, 'public answers stored'),
      },
    );
    for (const [table, event, calls] of TRIGGERS) {
      sqlite.exec(
        `CREATE TEMP TRIGGER IF NOT EXISTS public_answers_${table}_${event.toLowerCase()}
         AFTER ${event} ON main.${table} BEGIN SELECT ${calls}; END`,
      );
    }
  }

  product(code: string): SourceRow | undefined {
    const stored = this.store.read(code);
    if (stored)
      return { productId: stored[0], companyId: stored[1], lotId: stored[2], data: stored[3], stored: true };
    return rowOf(this.queries.product.get({ code, publicUrl: this.publicUrl }) as ProductRow | undefined);
  }

  primaryCode(id: number): string | undefined {
    return this.queries.primaryCode.get(id) as string | undefined;
  }

  shortLink(code: string): SourceRow | undefined {
    return rowOf(this.queries.shortLink.get({ code, publicUrl: this.publicUrl }) as ProductRow | undefined);
  }

  lot(id: number): SourceRow | undefined {
    return rowOf(this.queries.lot.get({ id, publicUrl: this.publicUrl }) as ProductRow | undefined);
  }

  changed(change: PublicChange): void {
    this.store.changed(change.productId ?? null, change.companyId ?? null, change.code ?? null);
  }

  close(): void {
    this.store.close();
  }
}

/**
 * PostgreSQL: one prepared statement per kind that returns the finished answer (decision 169). Its changes
 * come from outside (the database's notifications), through PublicAnswers.changed.
 */
class PgSource implements AnswerSource {
  private readonly queries: PgAnswerQueries;
  constructor(pool: pg.Pool, publicUrl: string) {
    this.queries = pgAnswerQueries(pool, publicUrl);
  }

  async product(code: string) {
    return rowOf(await this.queries.product(code));
  }
  primaryCode(id: number) {
    return this.queries.primaryCode(id);
  }
  async shortLink(code: string) {
    return rowOf(await this.queries.shortLink(code));
  }
  async lot(id: number) {
    return rowOf(await this.queries.lot(id));
  }
  changed(): void {}
  close(): void {}
}

export class PublicAnswers {
  private readonly products = new AnswerCache();
  private readonly links = new AnswerCache();
  /** Lot pages by lot id (decision 126): a public answer like the others, dropped with its product's. */
  private readonly lots = new AnswerCache();
  /** An ACTIVE-or-not product's primary code by its id (the page opened by its address). */
  private readonly primaryCodes = new LRUCache<number, string>({ max: CAPACITY });
  /**
   * Codes asked once lately (decision 146): a product answer read from the stored answers is kept only when
   * its code is asked a second time, so a storm over the whole catalogue, where each code comes once, does
   * not replace every kept answer with one nobody asks again (garbage that only a full collection frees).
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
   * Whether answers are kept (decision 180). On SQLite always: the connection's own triggers tell every
   * change. On PostgreSQL only while the change feed listens: until it first does, and from the moment it
   * is lost until it listens again, a change may go unheard, so every ask reads the database afresh.
   */
  private keeping: boolean;

  constructor(deps: PublicAnswersDeps) {
    const url = deps.settings.publicUrl;
    this.source =
      'sqlite' in deps
        ? new SqliteSource(deps.sqlite, url, (change) => this.changed(change), deps)
        : new PgSource(deps.pool, url);
    this.keeping = 'sqlite' in deps;
  }

  /** The resolve answer for a (folded) code: the ACTIVE product, its company and timeline; null when none. */
  product(code: string): MaybePromise<PublicAnswer | null> {
    const hit = this.products.get(code);
    if (hit) return hit;
    return this.keep(
      `p:${code}`,
      () => this.source.product(code),
      (row) => {
        if (row.stored && !this.askedOnce.delete(code)) {
          this.askedOnce.set(code, true);
          return false;
        }
        return true;
      },
      (entry) => this.products.set(code, entry),
    );
  }

  /** The same answer for an ACTIVE product by its id, by its primary code: one shape, kept in one place. */
  productById(id: number): MaybePromise<PublicAnswer | null> {
    // Past the ids either engine holds (decision 166): no product, on both alike.
    if (!validId(id)) return null;
    const code = this.primaryCodes.get(id);
    if (code !== undefined) return this.product(code);
    const generation = this.generation;
    return whenReady(this.source.primaryCode(id), (found) => {
      if (found === undefined) return null;
      if (this.keeping && generation === this.generation) this.primaryCodes.set(id, found);
      return this.product(found);
    });
  }

  /** Where a printed code leads: productId only when its product is ACTIVE; null for an unknown code. */
  shortLink(code: string): MaybePromise<PublicAnswer | null> {
    const hit = this.links.get(code);
    if (hit) return hit;
    return this.keep(
      `s:${code}`,
      () => this.source.shortLink(code),
      () => true,
      (entry) => this.links.set(code, entry),
    );
  }

  /** The lot page's answer (PublicLotAnswer) of a lot of an ACTIVE product; null when there is none. */
  lot(id: number): MaybePromise<PublicAnswer | null> {
    if (!validId(id)) return null;
    const key = String(id);
    const hit = this.lots.get(key);
    if (hit) return hit;
    return this.keep(
      `l:${key}`,
      () => this.source.lot(id),
      () => true,
      (entry) => this.lots.set(key, entry),
    );
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

  /** Drops every answer a write made stale (the triggers or the notifications call it; a test may too). */
  changed(change: PublicChange): void {
    this.generation++;
    // A read begun before the change may have read the rows before it: later asks read again.
    this.reading.clear();
    this.products.changed(change);
    this.links.changed(change);
    this.lots.changed(change);
    this.source.changed(change);
    if (change.productId != null) this.primaryCodes.delete(change.productId);
  }

  /** Drops every answer: the notifications were interrupted, so changes may have been missed. */
  changedAll(): void {
    this.generation++;
    this.reading.clear();
    this.products.clear();
    this.links.clear();
    this.lots.clear();
    this.primaryCodes.clear();
  }

  /**
   * Whether changes are heard (the change feed's onListening). `false`: every kept answer goes at once and
   * none is kept until `true`, which drops everything again (reads begun while deaf are not kept either).
   */
  listening(heard: boolean): void {
    this.keeping = heard;
    this.changedAll();
  }

  /** The page made from this answer for the build's current template, if any. */
  keptPage(entry: PublicAnswer, kind: PageKind, template: string): Uint8Array<ArrayBuffer> | undefined {
    const page = entry.pages[kind];
    return page?.template === template ? page.gzip : undefined;
  }

  keepPage(entry: PublicAnswer, kind: PageKind, page: KeptPage): void {
    entry.pages[kind] = page;
  }

  get size() {
    return this.products.size + this.links.size + this.lots.size;
  }

  /** The stored answers (SQLite only): settled once every product's answer is stored and none is stale. */
  get store(): Pick<StoredAnswers, 'settled' | 'settle' | 'read'> {
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

function rowOf(row: ProductRow | undefined): SourceRow | undefined {
  if (!row) return undefined;
  const [productId, companyId, data, lotId = null] = row;
  return { productId, companyId, lotId, data: encoder.encode(data) };
}

/** An id a row may have on either engine: a positive integer up to PostgreSQL's `integer` (ID_MAX). */
const validId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= ID_MAX;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The answer's `data` as an object: for the typed procedures, which tRPC encodes itself. */
export function dataOf<T>(entry: PublicAnswer): T {
  return JSON.parse(decoder.decode(entry.data)) as T;
}

export function createPublicAnswers(deps: PublicAnswersDeps): PublicAnswers {
  return new PublicAnswers(deps);
}
