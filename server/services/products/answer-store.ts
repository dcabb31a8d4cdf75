import { rmSync, statfsSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Statement } from 'better-sqlite3';
import type { Sqlite } from '#server/db/client.ts';
import { type DiskWatch, isDiskFull } from '#server/lib/disk-full.ts';
import type { Logger } from '#server/logger.ts';

/**
 * Every ACTIVE product's finished answer, stored by code in a database file of its own beside the app's
 * (decision 145), so that a miss of the in-memory answers reads one row instead of building the JSON.
 *
 * - Content: the rows are made by the caller's statement (PublicAnswers' productJson), never written by
 *   hand, so the stored answer is the live answer as it was when stored.
 * - Freshness without touching the write path: PublicAnswers' triggers already report every change;
 *   `changed` marks the product, company or code stale in memory (a Set add, nothing written), a stored row
 *   that is stale is not used, and the stale ones are stored again from the live tables on this connection
 *   between requests. So a row that is used is never older than the last change reported for it.
 * - Per process: the file is removed and built again at each start, in slices between requests, so a write
 *   made by another process while the app was down (a seed, a restored backup) can never be served; until a
 *   code's row is stored, its miss is the live statement, as before.
 * - Its own small page cache, no journal on disk, no fsync: losing the file only costs the rebuild.
 * - A cache never competes with the data for the disk (decision 181): the build stops while the disk has
 *   less than `reserveBytes` free, and a slice that fails (a full disk above all) is rolled back and costs
 *   the whole file: it is detached and deleted, which gives its space back to the app's own writes, every
 *   miss reads the live statement meanwhile, and the store is made again from nothing `retryMs` later,
 *   once the disk has room. Nothing is marked fresh before the slice that stored it has committed, so a
 *   failed slice never leaves a stale row that would be served.
 */
export interface StoredAnswersOptions {
  /** Told once, when the build at start has stored every product. */
  onBuilt?: (stats: { answers: number; ms: number }) => void;
  logger?: Pick<Logger, 'warn'>;
  disk?: Pick<DiskWatch, 'sawFull'>;
  /** Free bytes the build leaves to the app's own writes; default: 5% of the disk, at least 64 MiB. */
  reserveBytes?: number;
  /** How long after a failure the store is made again (default 30 s). */
  retryMs?: number;
}

export class StoredAnswers {
  private readonly staleProducts = new Set<number>();
  private readonly staleCompanies = new Set<number>();
  private readonly staleCodes = new Set<string>();
  /** The build: the next product id to store, or null when every product was stored once. */
  private buildFrom: number | null = 0;
  private scheduled: NodeJS.Immediate | NodeJS.Timeout | null = null;
  private closed = false;
  /** The file is attached, its table made and the statements prepared. */
  private ready = false;
  /** Nothing is stored again (ready) or built (not ready) before this time (a failure, a disk short of room). */
  private waitUntil = 0;
  private startedAt = performance.now();
  private readonly file: string;
  private readonly retryMs: number;
  private queries!: {
    read: Statement;
    byRange: Statement;
    byProduct: Statement;
    byCode: Statement;
    companyProducts: Statement;
    nextProduct: Statement;
    count: Statement;
    forgetProduct: Statement;
    forgetCode: Statement;
  };
  private readonly storeSlice: (work: () => void) => void;

  /**
   * @param source the live answer: `SELECT code, product_id, company_id, lot_id, data FROM ... WHERE <filter>`,
   *   given as a function of the filter so the content has one definition (PublicAnswers).
   */
  constructor(
    private readonly sqlite: Sqlite,
    private readonly source: (filter: string) => string,
    private readonly params: Record<string, unknown>,
    private readonly options: StoredAnswersOptions = {},
  ) {
    this.file = sqlite.memory ? ':memory:' : `${sqlite.name}-answers`;
    this.retryMs = options.retryMs ?? 30_000;
    this.storeSlice = sqlite.transaction((work: () => void) => work());
    this.removeFile();
    this.schedule();
  }

  /** The stored answer for a code, when there is one and nothing reported since made it stale. */
  read(
    code: string,
  ): [productId: number, companyId: number, lotId: number | null, data: Uint8Array<ArrayBuffer>] | undefined {
    if (!this.ready || this.staleCodes.has(code)) return undefined;
    const row = this.queries.read.get(code) as [number, number, number | null, Buffer] | undefined;
    if (!row || this.staleProducts.has(row[0]) || this.staleCompanies.has(row[1])) return undefined;
    const data = row[3];
    return [
      row[0],
      row[1],
      row[2],
      new Uint8Array(data.buffer as ArrayBuffer, data.byteOffset, data.byteLength),
    ];
  }

  /** Called for every row written to what an answer is made of (PublicAnswers' triggers). */
  changed(productId: number | null, companyId: number | null, code: string | null): void {
    if (productId != null) this.staleProducts.add(productId);
    if (companyId != null) this.staleCompanies.add(companyId);
    if (code != null) this.staleCodes.add(code);
    this.schedule();
  }

  /** True once every product was stored and nothing is stale. */
  get settled(): boolean {
    return (
      this.ready &&
      this.buildFrom === null &&
      this.staleProducts.size + this.staleCompanies.size + this.staleCodes.size === 0
    );
  }

  /** Does all the pending work it can now (tests; a caller that needs the store complete). */
  settle(): void {
    while (!this.settled && this.canWork() && this.prepare()) {
      if (!this.slice(Infinity)) break;
    }
  }

  close(): void {
    this.closed = true;
    if (this.scheduled) {
      clearImmediate(this.scheduled as NodeJS.Immediate);
      clearTimeout(this.scheduled as NodeJS.Timeout);
    }
    this.scheduled = null;
  }

  private schedule() {
    if (this.scheduled || this.closed) return;
    const wait = this.waitUntil - performance.now();
    const turn = () => {
      this.scheduled = null;
      if (!this.canWork()) {
        // A transaction left open across an await on this connection: storing now could keep rows it
        // rolls back. Try again after it.
        if (!this.closed && this.sqlite.open) this.scheduled = setTimeout(() => this.retry(), 1).unref();
        return;
      }
      if (this.prepare()) this.slice(SLICE_MS);
      // Still work to do: next turn, or later when it waits (a failure, a disk short of room).
      if (!this.settled) this.schedule();
    };
    this.scheduled = wait > 0 ? setTimeout(turn, wait).unref() : setImmediate(turn);
  }

  private retry() {
    this.scheduled = null;
    this.schedule();
  }

  private canWork() {
    return (
      !this.closed && this.sqlite.open && !this.sqlite.inTransaction && performance.now() >= this.waitUntil
    );
  }

  /** The file ready to store into: made when it is not (at start, after a failure), if the disk has room. */
  private prepare(): boolean {
    if (this.ready) return true;
    if (!this.roomToGrow()) return false;
    try {
      this.open();
      return true;
    } catch (err) {
      this.failed(err);
      return false;
    }
  }

  private open() {
    const { sqlite, source } = this;
    sqlite.prepare('ATTACH DATABASE ? AS answers').run(this.file);
    // Rows of a few kB: larger pages keep several to a page.
    sqlite.pragma('answers.page_size = 8192');
    sqlite.pragma('answers.journal_mode = MEMORY');
    sqlite.pragma('answers.synchronous = OFF');
    sqlite.pragma('answers.cache_size = -2000');
    sqlite.exec(`
      CREATE TABLE answers.stored (code TEXT NOT NULL UNIQUE, product_id INTEGER NOT NULL, company_id INTEGER NOT NULL, lot_id INTEGER, data BLOB NOT NULL);
      CREATE INDEX answers.stored_product ON stored (product_id);`);
    const insert = (filter: string) =>
      sqlite.prepare(
        `INSERT OR REPLACE INTO answers.stored (code, product_id, company_id, lot_id, data) ${source(filter)}`,
      );
    this.queries = {
      read: sqlite
        .prepare('SELECT product_id, company_id, lot_id, data FROM answers.stored WHERE code = ?')
        .raw(),
      byRange: insert('p.id >= @from AND p.id < @to'),
      byProduct: insert('p.id = @id'),
      byCode: insert('s.code = @code'),
      companyProducts: sqlite.prepare('SELECT id FROM main.products WHERE company_id = ?').pluck(),
      count: sqlite.prepare('SELECT count(*) FROM answers.stored').pluck(),
      nextProduct: sqlite.prepare('SELECT id FROM main.products WHERE id >= ? ORDER BY id LIMIT 1').pluck(),
      forgetProduct: sqlite.prepare('DELETE FROM answers.stored WHERE product_id = ?'),
      forgetCode: sqlite.prepare('DELETE FROM answers.stored WHERE code = ?'),
    };
    // Everything is stored afresh from the live tables: nothing stored before can be stale.
    this.staleProducts.clear();
    this.staleCompanies.clear();
    this.staleCodes.clear();
    this.buildFrom = 0;
    this.startedAt = performance.now();
    this.ready = true;
  }

  /** The file detached and deleted: its space goes back to the disk; misses read the live statements. */
  private drop() {
    this.ready = false;
    try {
      this.sqlite.exec('DETACH DATABASE answers');
    } catch {
      // Not attached (the failure was in ATTACH itself).
    }
    this.removeFile();
  }

  private removeFile() {
    if (this.sqlite.memory) return;
    for (const suffix of ['', '-journal']) rmSync(`${this.file}${suffix}`, { force: true });
  }

  private failed(err: unknown) {
    const full = isDiskFull(err);
    if (full) this.options.disk?.sawFull('stored answers');
    this.drop();
    this.waitUntil = performance.now() + this.retryMs;
    this.options.logger?.warn(
      { event: 'answers.store_failed', diskFull: full, retryMs: this.retryMs, err: full ? undefined : err },
      'stored answers dropped: misses read the live tables until they are stored again',
    );
  }

  /** Whether the build may add to the file: the disk keeps `reserveBytes` free for the app's own writes. */
  private roomToGrow(): boolean {
    if (this.sqlite.memory) return true;
    let free: number;
    let size: number;
    try {
      const s = statfsSync(dirname(this.file));
      free = s.bavail * s.bsize;
      size = s.blocks * s.bsize;
    } catch {
      return true;
    }
    const reserve = this.options.reserveBytes ?? Math.max(64 * 2 ** 20, size * 0.05);
    if (free >= reserve) return true;
    this.waitUntil = performance.now() + this.retryMs;
    return false;
  }

  /**
   * Stores stale answers, then the next part of the build, for about `budgetMs` (one transaction). The
   * stale marks are taken off, and the build moved on, only once the transaction has committed. False when
   * nothing could be done (the slice failed, or the build waits for room on the disk).
   */
  private slice(budgetMs: number): boolean {
    const start = performance.now();
    const spent = () => performance.now() - start > budgetMs;
    const codes: string[] = [];
    const products: number[] = [];
    let buildFrom = this.buildFrom;
    const building = buildFrom !== null && this.roomToGrow();
    if (!building && this.staleProducts.size + this.staleCompanies.size + this.staleCodes.size === 0)
      return false;
    try {
      this.storeSlice(() => {
        for (const companyId of this.staleCompanies) {
          for (const id of this.queries.companyProducts.iterate(companyId))
            this.staleProducts.add(id as number);
          this.staleCompanies.delete(companyId);
        }
        for (const code of this.staleCodes) {
          this.queries.forgetCode.run(code);
          this.queries.byCode.run({ ...this.params, code });
          codes.push(code);
          if (spent()) return;
        }
        for (const id of this.staleProducts) {
          this.queries.forgetProduct.run(id);
          this.queries.byProduct.run({ ...this.params, id });
          products.push(id);
          if (spent()) return;
        }
        while (building && buildFrom !== null && !spent()) {
          const from = this.queries.nextProduct.get(buildFrom) as number | undefined;
          if (from === undefined) buildFrom = null;
          else {
            this.queries.byRange.run({ ...this.params, from, to: from + BUILD_STEP });
            buildFrom = from + BUILD_STEP;
          }
        }
      });
    } catch (err) {
      this.failed(err);
      return false;
    }
    for (const code of codes) this.staleCodes.delete(code);
    for (const id of products) this.staleProducts.delete(id);
    if (this.buildFrom !== null && buildFrom === null) {
      this.options.onBuilt?.({
        answers: this.queries.count.get() as number,
        ms: Math.round(performance.now() - this.startedAt),
      });
    }
    this.buildFrom = buildFrom;
    return true;
  }
}

/** Time given to the store per turn of the event loop, so requests are answered between turns. */
const SLICE_MS = 3;
/** Product ids stored per statement during the build. */
const BUILD_STEP = 16;
