import { rmSync } from 'node:fs';
import type { Statement } from 'better-sqlite3';
import type { Sqlite } from '#server/db/client.ts';

/**
 * Every ACTIVE product's finished answer, stored by code in a database file of its own beside the app's
 * (decision 145), so that a miss of the in-memory answers reads one row instead of building the JSON.
 *
 * - Content: the rows are made by the caller's statement (the product answer's field list, sqlite-source.ts),
 *   never written by hand, so the stored answer is the live answer as it was when stored.
 * - Freshness without touching the write path: the change feed already reports every change;
 *   `changed` marks the product, company or code stale in memory (a Set add, nothing written), a stored row
 *   that is stale is not used, and the stale ones are stored again from the live tables on this connection
 *   between requests. So a row that is used is never older than the last change reported for it.
 * - Per process: the file is removed and built again at each start, in slices between requests, so a write
 *   made by another process while the app was down (a seed, a restored backup) can never be served; until a
 *   code's row is stored, its miss is the live statement, as before.
 * - Its own small page cache, no journal on disk, no fsync: losing the file only costs the rebuild.
 */
export class StoredAnswers {
  private readonly staleProducts = new Set<number>();
  private readonly staleCompanies = new Set<number>();
  private readonly staleCodes = new Set<string>();
  /** The build at start: the next product id to store, or null when every product was stored once. */
  private buildFrom: number | null = 0;
  private scheduled: NodeJS.Immediate | null = null;
  private closed = false;
  private readonly startedAt = performance.now();
  private readonly queries: {
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
   * @param source the live answer: `SELECT code, product_id, company_id, data, lot_id FROM ... WHERE <filter>`,
   *   given as a function of the filter so the content has one definition (the field list).
   */
  constructor(
    private readonly sqlite: Sqlite,
    source: (filter: string) => string,
    private readonly params: Record<string, unknown>,
    /** Told once, when the build at start has stored every product. */
    private readonly onBuilt: (stats: { answers: number; ms: number }) => void = () => {},
  ) {
    const file = sqlite.memory ? ':memory:' : `${sqlite.name}-answers`;
    if (!sqlite.memory) for (const suffix of ['', '-journal']) rmSync(`${file}${suffix}`, { force: true });
    sqlite.prepare('ATTACH DATABASE ? AS answers').run(file);
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
        `INSERT OR REPLACE INTO answers.stored (code, product_id, company_id, data, lot_id) ${source(filter)}`,
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
    this.storeSlice = sqlite.transaction((work: () => void) => work());
    this.schedule();
  }

  /** The stored answer for a code, when there is one and nothing reported since made it stale. */
  read(
    code: string,
  ): [productId: number, companyId: number, lotId: number | null, data: Uint8Array<ArrayBuffer>] | undefined {
    if (this.staleCodes.has(code)) return undefined;
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

  /** Called for every row written to what an answer is made of (the change feed). */
  changed(productId: number | null, companyId: number | null, code: string | null): void {
    if (productId != null) this.staleProducts.add(productId);
    if (companyId != null) this.staleCompanies.add(companyId);
    if (code != null) this.staleCodes.add(code);
    this.schedule();
  }

  /** True once every product was stored and nothing is stale. */
  get settled(): boolean {
    return (
      this.buildFrom === null &&
      this.staleProducts.size + this.staleCompanies.size + this.staleCodes.size === 0
    );
  }

  /** Does all the pending work now (tests; a caller that needs the store complete). */
  settle(): void {
    while (!this.settled && this.canWork()) this.slice(Infinity);
  }

  close(): void {
    this.closed = true;
    if (this.scheduled) clearImmediate(this.scheduled);
    this.scheduled = null;
  }

  private schedule() {
    if (this.scheduled || this.closed) return;
    this.scheduled = setImmediate(() => {
      this.scheduled = null;
      if (!this.canWork()) {
        // A transaction left open across an await on this connection: storing now could keep rows it
        // rolls back. Try again after it.
        if (!this.closed && this.sqlite.open) setTimeout(() => this.schedule(), 1).unref();
        return;
      }
      this.slice(SLICE_MS);
      if (!this.settled) this.schedule();
    });
  }

  private canWork() {
    return !this.closed && this.sqlite.open && !this.sqlite.inTransaction;
  }

  /** Stores stale answers, then the next part of the build, for about `budgetMs` (one transaction). */
  private slice(budgetMs: number) {
    const start = performance.now();
    const spent = () => performance.now() - start > budgetMs;
    this.storeSlice(() => {
      for (const companyId of this.staleCompanies) {
        for (const id of this.queries.companyProducts.iterate(companyId))
          this.staleProducts.add(id as number);
        this.staleCompanies.delete(companyId);
      }
      for (const code of this.staleCodes) {
        this.queries.forgetCode.run(code);
        this.queries.byCode.run({ ...this.params, code });
        this.staleCodes.delete(code);
        if (spent()) return;
      }
      for (const id of this.staleProducts) {
        this.queries.forgetProduct.run(id);
        this.queries.byProduct.run({ ...this.params, id });
        this.staleProducts.delete(id);
        if (spent()) return;
      }
      while (this.buildFrom !== null && !spent()) {
        const from = this.queries.nextProduct.get(this.buildFrom) as number | undefined;
        if (from === undefined) {
          this.buildFrom = null;
          this.onBuilt({
            answers: this.queries.count.get() as number,
            ms: Math.round(performance.now() - this.startedAt),
          });
        } else {
          this.queries.byRange.run({ ...this.params, from, to: from + BUILD_STEP });
          this.buildFrom = from + BUILD_STEP;
        }
      }
    });
  }
}

/** Time given to the store per turn of the event loop, so requests are answered between turns. */
const SLICE_MS = 3;
/** Product ids stored per statement during the build. */
const BUILD_STEP = 16;
