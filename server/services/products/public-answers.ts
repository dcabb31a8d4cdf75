import { and, asc, eq, sql } from 'drizzle-orm';
import { companies, products, shortLinks, trackingEntries } from '#server/db/schema/index.ts';
import { vi } from '#shared/i18n/vi/index.ts';
import type { AppDeps } from '#server/deps.ts';
import { Lru } from '#server/lib/lru.ts';
import { toPublicCompany } from '#server/services/accounts/profile.ts';
import { redirectUrl } from '#server/services/codes.ts';
import { publicLotFacts } from '#server/services/lots/public-lot.ts';
import { productColumns, toProduct, trackingColumns } from './serialize.ts';

/**
 * The public answers every phone asks for, serialized once and kept in a bounded cache keyed by code
 * (issue 7). The queries are prepared once per database: nothing is built per request on this path.
 *
 * Correctness: an entry is removed whenever its product, its company, its timeline or its code changes
 * (`publicChanged`, called by every write path; tests/server/perf/public-cache.test.ts proves each), so
 * the cache never serves an inactive, deleted or outdated product. Unknown codes are not cached, so a
 * flood of random codes cannot push real entries out faster than the database answers them.
 */
export interface CachedAnswer {
  /**
   * The whole REST answer (the envelope around the answer's `data`), encoded once: the scan path sends
   * these bytes as they are. Only the bytes are kept, to halve the cache's memory; `dataOf` reads the
   * answer back for the typed client.
   */
  body: Uint8Array<ArrayBuffer>;
  productId: number | null;
  companyId: number | null;
  /** The lot of a lot's own code: its scans count for the lot (decision 126). */
  lotId?: number | null;
}

/**
 * ~2-3 kB per product answer (and ~4 kB more for its server-rendered page once a phone opened it,
 * server/http/first-view.ts): 4,000 entries per kind keep both near 30 MB, so the server stays under
 * 200 MB RSS while a storm sweeps the whole catalogue (20,000 took it to 222 MB before the pages existed).
 * A promotion's hot set fits many times over; a miss costs three prepared lookups (~140 µs).
 */
const CAPACITY = 4_000;

const OK_PREFIX = `{"statusCode":200,"message":${JSON.stringify(vi.api.ok)},"data":`;

const encoder = new TextEncoder();
const decoder = new TextDecoder();
const PREFIX_BYTES = encoder.encode(OK_PREFIX).byteLength;

function answerEntry(
  answer: unknown,
  productId: number | null,
  companyId: number | null,
  lotId: number | null = null,
): CachedAnswer {
  return { body: encoder.encode(`${OK_PREFIX}${JSON.stringify(answer)}}`), productId, companyId, lotId };
}

/** The answer's `data`, as encoded bytes (a view, no copy): the tRPC fast path wraps them its own way. */
export function dataBytes(entry: CachedAnswer): Uint8Array<ArrayBuffer> {
  return entry.body.subarray(PREFIX_BYTES, -1);
}

/** The answer's `data`, as an object. */
export function dataOf<T>(entry: CachedAnswer): T {
  return JSON.parse(decoder.decode(dataBytes(entry))) as T;
}

function prepare(deps: Pick<AppDeps, 'db'>) {
  const { db } = deps;
  return {
    product: db
      .select({ ...productColumns, lotId: shortLinks.lotId })
      .from(shortLinks)
      .innerJoin(products, eq(products.id, shortLinks.productId))
      .where(and(eq(shortLinks.code, sql.placeholder('code')), eq(products.status, 'ACTIVE')))
      .prepare(),
    primaryCode: db
      .select({ code: products.qrCode })
      .from(products)
      .where(and(eq(products.id, sql.placeholder('id')), eq(products.status, 'ACTIVE')))
      .prepare(),
    company: db.select().from(companies).where(eq(companies.id, sql.placeholder('id'))).prepare(),
    trackings: db
      .select(trackingColumns)
      .from(trackingEntries)
      .where(eq(trackingEntries.productId, sql.placeholder('id')))
      .orderBy(asc(trackingEntries.position))
      .prepare(),
    shortLink: db
      .select({ code: shortLinks.code, productId: shortLinks.productId, status: products.status, companyId: shortLinks.companyId })
      .from(shortLinks)
      .leftJoin(products, eq(products.id, shortLinks.productId))
      .where(eq(shortLinks.code, sql.placeholder('code')))
      .prepare(),
  };
}

class PublicAnswers {
  private readonly queries: ReturnType<typeof prepare>;
  private readonly productAnswers = new Lru<string, CachedAnswer>(CAPACITY);
  private readonly linkAnswers = new Lru<string, CachedAnswer>(CAPACITY);

  constructor(private readonly deps: Pick<AppDeps, 'db' | 'settings'>) {
    this.queries = prepare(deps);
  }

  /** The resolve answer for a code: the ACTIVE product, its company and timeline; null when none. */
  product(code: string): CachedAnswer | null {
    const hit = this.productAnswers.get(code);
    if (hit) return hit;
    const row = this.queries.product.get({ code });
    if (!row) return null;
    const company = this.queries.company.get({ id: row.companyId });
    if (!company) return null;
    const answer = {
      ...toProduct(row, this.deps.settings.publicUrl),
      trackings: this.queries.trackings.all({ id: row.id }),
      company: toPublicCompany(company),
      ...publicLotFacts(this.deps.db, row.id, row.lotId),
    };
    const entry = answerEntry(answer, row.id, row.companyId, row.lotId);
    this.productAnswers.set(code, entry);
    return entry;
  }

  /**
   * The same answer for an ACTIVE product by its id (the page opened by its address), by its primary
   * code: one shape, built and kept in one place. Null when there is none.
   */
  productById(id: number): CachedAnswer | null {
    const row = this.queries.primaryCode.get({ id });
    return row ? this.product(row.code) : null;
  }

  /** Where a printed code leads: productId only when its product is ACTIVE; null for an unknown code. */
  shortLink(code: string): CachedAnswer | null {
    const hit = this.linkAnswers.get(code);
    if (hit) return hit;
    const row = this.queries.shortLink.get({ code });
    if (!row) return null;
    const answer = {
      code: row.code,
      productId: row.status === 'ACTIVE' ? row.productId : null,
      url: redirectUrl(this.deps.settings.publicUrl, row.code),
    };
    const entry = answerEntry(answer, row.productId, row.companyId);
    this.linkAnswers.set(code, entry);
    return entry;
  }

  changed(change: PublicChange): void {
    const stale = (e: CachedAnswer, code: string) =>
      (change.productId !== undefined && e.productId === change.productId) ||
      (change.companyId !== undefined && e.companyId === change.companyId) ||
      (change.code !== undefined && code === change.code);
    this.productAnswers.deleteWhere(stale);
    this.linkAnswers.deleteWhere(stale);
  }

  get size() {
    return this.productAnswers.size + this.linkAnswers.size;
  }
}

export interface PublicChange {
  productId?: number;
  companyId?: number;
  code?: string;
}

/** One cache per database (an app, or a test's in-memory database). */
const byDb = new WeakMap<object, PublicAnswers>();

export function publicAnswers(deps: Pick<AppDeps, 'db' | 'settings'>): PublicAnswers {
  let answers = byDb.get(deps.db);
  if (!answers) {
    answers = new PublicAnswers(deps);
    byDb.set(deps.db, answers);
  }
  return answers;
}

/**
 * Every write that can change a public answer calls this after it commits: a product saved or deleted,
 * its timeline, its status, its company's profile, a code bound. Over-invalidating is harmless.
 */
export function publicChanged(deps: Pick<AppDeps, 'db'>, change: PublicChange): void {
  byDb.get(deps.db)?.changed(change);
}
