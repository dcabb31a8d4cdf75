import type { Change, ChangeFeed } from '#server/db/change-feed.ts';
import type { Db } from '#server/db/client.ts';
import { isConnectionError } from '#server/db/errors.ts';
import {
  type OpenWriter,
  type PendingItem,
  sweepOldOpens,
  type WrittenState,
} from '#server/db/serial-opens.ts';
import { isDiskFull } from '#server/lib/disk-full.ts';
import type { DatabaseEngine } from '#server/env.ts';
import type { Logger } from '#server/logger.ts';
import type { SerialVerdictView } from '#shared/serial-verdict-banner.ts';
import {
  type LotFacts,
  linkMatches,
  lotFactsOf,
  type ProductLine,
  productLineOf,
  recentOpensOf,
} from './item-facts.ts';
import { type FoundSerial, findSerial, type ItemState } from './lookup.ts';
import {
  browserKey,
  notIssued,
  OPEN_DEDUP_MS,
  type OpenRequest,
  opensUncounted,
  RECENT_OPENS,
  type RecentOpen,
  SERIAL_OPENS_KEPT_MS,
  verdictOf,
} from './verdict-rules.ts';

/**
 * Kept item states (decision 230): what a serialized code's verdict reads, kept in memory for the items
 * opened lately, so that the verdict and the counting of an open are work in memory, not statements. An
 * open that counts is applied to its item at once (this browser sees FIRST, the next one SEEN) and
 * written with the others SERIAL_FLUSH_MS later (open-writes.ts), as scan events are (decision 076).
 *
 * What makes a kept item stale drops it, to be read again on its next open:
 * - this instance's own writes: a batch or range voided, a PIN activating the item, the company's
 *   threshold (batches.ts, activation.ts, suspects.ts call `forget`);
 * - the change feed (decision 158), for everything of the product's and company's: a lot recalled, a
 *   product renamed or hidden, the company's languages;
 * - on PostgreSQL, where other instances count too, age: an item read more than FRESH_PG_MS ago is read
 *   again (answered as it was meanwhile), so an instance's counts and verdicts lag the others' by about that
 *   and a flush.
 * A crash loses at most the last SERIAL_FLUSH_MS of opens, never an acknowledged write of a user.
 */

/** How many items are kept; the first read go first. */
const MAX_KEPT = 10_000;
/**
 * On PostgreSQL, how long a kept item is trusted before it is read again (other instances count too): it is
 * still answered meanwhile. A hot set of 1,000 items is then 500 reads a second, one or two statements each.
 */
const FRESH_PG_MS = 2000;
/** Open rows per write transaction: a short write each, a turn of the event loop between them. */
const OPENS_PER_WRITE = 256;
/** Buffered opens past this, while the database refuses them, are dropped (counted in the log). */
const MAX_BUFFERED_OPENS = 100_000;
/** How often the opens older than the kept window are swept, at most. */
const SWEEP_EVERY_MS = 60_000;

/** An item as kept: its row, its lot and product, its state with its buffered opens, its recent opens. */
export interface KeptItem {
  serial: string;
  found: FoundSerial;
  state: ItemState | null;
  lot: LotFacts | null;
  product: ProductLine | null;
  /** The newest counted opens of the last day, oldest first, at most RECENT_OPENS. */
  recent: RecentOpen[];
  loadedAt: number;
  /** The generations it was read under (global, product, company, batch). */
  gens: [number, number, number, number];
  /** What the edge made of its verdict while its state did not change (its JSON); cleared on each change. */
  viewMemo: Map<string, { at: number; value: unknown }>;
  /** What the edge made of its product by language (the page's product part); lives with the item. */
  productMemo: Map<string, unknown>;
}

export interface SerialItemsDeps {
  db: Db;
  /** How a batch of items' opens is written: the engine's (server/db/serial-opens.ts). */
  write: OpenWriter;
  engine: DatabaseEngine;
  flushMs: number;
  logger: Pick<Logger, 'warn'>;
  feed?: Pick<ChangeFeed, 'subscribe'>;
}

const itemKey = (batchId: number, seq: number) => `${batchId}:${seq}`;
const NEVER_OPENED: ItemState = {
  count: 0,
  firstVerifiedAt: null,
  firstProvince: null,
  firstProvinceApproximate: true,
  activatedAt: null,
  suspectAt: null,
  suspectReason: null,
};

export class SerialItems {
  /** Whether opens are kept and buffered at all (SERIAL_FLUSH_MS > 0); else verdict.ts uses the database. */
  readonly buffered: boolean;
  private readonly kept = new Map<string, KeptItem>();
  private readonly loading = new Map<string, Promise<KeptItem | null>>();
  private gen = 0;
  private readonly gens = {
    product: new Map<number, number>(),
    company: new Map<number, number>(),
    batch: new Map<number, number>(),
  };
  /** Counts every forgetting: a read that one overtook is used once and not kept. */
  private changes = 0;
  private pending = new Map<string, PendingItem>();
  private readonly inFlight = new Map<string, PendingItem>();
  private writes = 0;
  private writing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | null = null;
  private sweptAt = 0;
  private readonly freshMs: number;

  constructor(private readonly deps: SerialItemsDeps) {
    this.buffered = deps.flushMs > 0;
    this.freshMs = deps.engine === 'pg' ? FRESH_PG_MS : Number.POSITIVE_INFINITY;
    deps.feed?.subscribe({
      changed: (change) => this.changed(change),
      listening: (heard) => {
        if (!heard) this.forget('everything');
      },
    });
  }

  /** The kept item of a serial, when it is kept and still good; never reads the database. */
  peek(serial: string, now = Date.now()): KeptItem | undefined {
    const item = this.kept.get(serial);
    if (!item) return undefined;
    const [g, p, c, b] = item.gens;
    const { batch } = item.found;
    if (
      g !== this.gen ||
      p !== (this.gens.product.get(batch.productId) ?? 0) ||
      c !== (this.gens.company.get(batch.companyId) ?? 0) ||
      b !== (this.gens.batch.get(batch.id) ?? 0)
    ) {
      this.kept.delete(serial);
      return undefined;
    }
    // Older than trusted (PostgreSQL: other instances count too): still answered, and read again meanwhile.
    if (now - item.loadedAt > this.freshMs) void this.startLoad(serial, item);
    return item;
  }

  /** The item, kept or read (one read for parallel asks of one serial); null when never issued. */
  get(serial: string): Promise<KeptItem | null> {
    const item = this.peek(serial);
    return item ? Promise.resolve(item) : this.startLoad(serial);
  }

  /** One read of a serial at a time: a new one, or the one under way. */
  private startLoad(serial: string, previous?: KeptItem): Promise<KeptItem | null> {
    let load = this.loading.get(serial);
    if (!load) {
      load = this.load(serial, previous).finally(() => this.loading.delete(serial));
      // A read again of a kept item is nobody's to wait for: its failure leaves the item as it was.
      if (previous) load.catch(() => undefined);
      this.loading.set(serial, load);
    }
    return load;
  }

  /**
   * Reads an item (its row, state and recent opens; its lot and product too unless `previous`, a kept item
   * read again for its age, has them: a change to those drops the item through the feed instead).
   */
  private async load(serial: string, previous?: KeptItem): Promise<KeptItem | null> {
    // A write under way is committed first: what is read then is the database's plus what is buffered.
    await this.writing;
    const { changes, writes } = this;
    const { db } = this.deps;
    const now = Date.now();
    const found = await findSerial(db, serial);
    if (!found) {
      if (previous) this.kept.delete(serial);
      return null;
    }
    const lot = previous ? previous.lot : await lotFactsOf(db, found.batch.lotId);
    const product = previous ? previous.product : await productLineOf(db, found.batch.productId);
    const recent = found.state?.count ? await recentOpensOf(db, found, now) : [];
    let state = found.state;
    const key = itemKey(found.batch.id, found.seq);
    for (const buffered of [this.inFlight.get(key), this.pending.get(key)]) {
      if (!buffered) continue;
      state = countedIn(state ?? NEVER_OPENED, buffered);
      recent.push(...buffered.opens);
    }
    const { batch } = found;
    const item: KeptItem = {
      serial,
      found,
      state,
      lot,
      product,
      recent: recent.slice(-RECENT_OPENS),
      loadedAt: now,
      gens: [
        this.gen,
        this.gens.product.get(batch.productId) ?? 0,
        this.gens.company.get(batch.companyId) ?? 0,
        this.gens.batch.get(batch.id) ?? 0,
      ],
      viewMemo: new Map(),
      productMemo: previous?.productMemo ?? new Map(),
    };
    // Kept only when nothing changed meanwhile (a forget, a write started that the read may have missed).
    if (changes === this.changes && writes === this.writes) {
      if (this.kept.size >= MAX_KEPT) this.kept.delete(this.kept.keys().next().value as string);
      this.kept.set(serial, item);
    }
    return item;
  }

  /** The verdict as it stands; reading it counts nothing. */
  async read(serial: string): Promise<SerialVerdictView> {
    const item = await this.get(serial);
    return item ? this.readKept(item) : notIssued(serial);
  }

  readKept(item: KeptItem, now = Date.now()): SerialVerdictView {
    return verdictOf(item.serial, item.found, item.state, contextOf(item), now, false);
  }

  /** An open of the item's page: counted when it may be, then its verdict. */
  async open(open: OpenRequest): Promise<SerialVerdictView> {
    const item = await this.get(open.serial);
    return item ? this.openKept(item, open) : notIssued(open.serial);
  }

  /** An open of a kept item, at once: applied to it, buffered for the database, judged. */
  openKept(item: KeptItem, open: OpenRequest, now = Date.now()): SerialVerdictView {
    const { found, serial } = item;
    if (open.link && !linkMatches(item.product, item.lot, open.link)) return notIssued(serial);
    if (opensUncounted(found, open)) return this.readKept(item, now);
    const browser = browserKey(serial, open.browserId);
    const again = item.recent.some((o) => o.browser === browser && o.at > now - OPEN_DEDUP_MS);
    if (again) {
      const firstIsThisBrowser = item.state?.count === 1;
      return verdictOf(serial, found, item.state, contextOf(item), now, firstIsThisBrowser);
    }
    const counted = { at: now, province: open.province, browser, approximate: open.approximate };
    const buffered = this.buffer(item);
    buffered.opens.push(counted);
    // The kept state moves on in place: a storm's opens make no new state objects.
    item.state ??= { ...NEVER_OPENED };
    const state = item.state;
    state.count++;
    if (state.firstVerifiedAt === null) {
      buffered.first ??= { at: now, province: open.province, approximate: open.approximate };
      state.firstVerifiedAt = new Date(now);
      state.firstProvince = open.province;
      state.firstProvinceApproximate = open.approximate;
    }
    item.recent.push(counted);
    if (item.recent.length > RECENT_OPENS) item.recent.splice(0, item.recent.length - RECENT_OPENS);
    item.viewMemo.clear();
    const view = verdictOf(serial, found, state, contextOf(item), now, state.count === 1);
    if (view.verdict === 'SUSPECT' && view.suspectReason) {
      buffered.suspect = { at: now, reason: view.suspectReason };
      state.suspectAt = new Date(now);
      state.suspectReason = view.suspectReason;
    }
    return view;
  }

  /** The item's buffered opens, the write timer started by the first of a window. */
  private buffer(item: KeptItem): PendingItem {
    const { batch, seq } = item.found;
    const key = itemKey(batch.id, seq);
    let buffered = this.pending.get(key);
    if (!buffered) {
      buffered = {
        serial: item.serial,
        batchId: batch.id,
        seq,
        companyId: batch.companyId,
        opens: [],
        first: null,
        suspect: null,
      };
      this.pending.set(key, buffered);
    }
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.deps.flushMs);
      this.timer.unref();
    }
    return buffered;
  }

  /** Every buffered open written and committed (shutdown, the dashboard's reads, a write-through). */
  flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const next = this.writing.then(() => this.writePending());
    this.writing = next.catch(() => undefined);
    return next;
  }

  private async writePending(): Promise<void> {
    if (!this.pending.size) return;
    this.writes++;
    const items = [...this.pending.values()];
    this.pending = new Map();
    for (const it of items) this.inFlight.set(itemKey(it.batchId, it.seq), it);
    let chunk: PendingItem[] = [];
    let opens = 0;
    for (const [i, it] of items.entries()) {
      chunk.push(it);
      opens += it.opens.length;
      if (opens < OPENS_PER_WRITE && i < items.length - 1) continue;
      await this.writeChunk(chunk);
      chunk = [];
      opens = 0;
      // Each write is short; other requests run between two.
      if (i < items.length - 1) await new Promise((r) => setImmediate(r));
    }
    const now = Date.now();
    if (now - this.sweptAt > SWEEP_EVERY_MS) {
      this.sweptAt = now;
      await sweepOldOpens(this.deps.db, now - SERIAL_OPENS_KEPT_MS).catch(() => undefined);
    }
  }

  private async writeChunk(chunk: PendingItem[]): Promise<void> {
    try {
      this.applyWritten(await this.deps.write(chunk));
    } catch (err) {
      if (isConnectionError(err) || isDiskFull(err)) {
        // The database is away or its disk full: the opens wait for the next write, within a bound.
        this.requeue(chunk, err);
      } else if (chunk.length > 1) {
        // One bad item (its batch deleted since) must not lose the others: each alone.
        for (const it of chunk) await this.writeChunk([it]);
        return;
      } else {
        this.deps.logger.warn(
          { event: 'serial.opens_dropped', batchId: chunk[0]?.batchId, opens: chunk[0]?.opens.length },
          'serial opens dropped: their item is gone',
        );
      }
    } finally {
      for (const it of chunk) this.inFlight.delete(itemKey(it.batchId, it.seq));
    }
  }

  /** The states as written replace the kept ones, with the opens buffered since added: others' opens show. */
  private applyWritten(rows: readonly WrittenState[]): void {
    for (const row of rows) {
      const key = itemKey(row.batchId, row.seq);
      const serial = this.inFlight.get(key)?.serial;
      const item = serial === undefined ? undefined : this.kept.get(serial);
      if (!item) continue;
      const { batchId: _b, seq: _s, ...written } = row;
      const newer = this.pending.get(key);
      item.state = newer ? countedIn(written, newer) : written;
      item.viewMemo.clear();
    }
  }

  private requeue(chunk: PendingItem[], err: unknown): void {
    let buffered = 0;
    for (const p of this.pending.values()) buffered += p.opens.length;
    const lost = chunk.reduce((n, it) => n + it.opens.length, 0);
    if (buffered + lost > MAX_BUFFERED_OPENS) {
      this.deps.logger.warn(
        { event: 'serial.opens_lost', opens: lost },
        'serial opens lost: the database refused them too long',
      );
      return;
    }
    this.deps.logger.warn(
      {
        event: 'serial.opens_delayed',
        opens: lost,
        reason: err instanceof Error ? err.message : String(err),
      },
      'serial opens not written yet: tried again on the next write',
    );
    for (const it of chunk) {
      const key = itemKey(it.batchId, it.seq);
      const newer = this.pending.get(key);
      this.pending.set(
        key,
        newer
          ? {
              ...it,
              opens: [...it.opens, ...newer.opens],
              first: it.first ?? newer.first,
              suspect: newer.suspect ?? it.suspect,
            }
          : it,
      );
    }
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), Math.max(this.deps.flushMs, 1000));
      this.timer.unref();
    }
  }

  /**
   * A write of the database's own way for one item (verdict.ts's open with the phone's position): the
   * buffer written first so that the database has every open, the item read again after.
   */
  async writeThrough<T>(serial: string, body: () => Promise<T>): Promise<T> {
    await this.flush();
    this.forget({ serial });
    try {
      return await body();
    } finally {
      this.forget({ serial });
    }
  }

  /** Drops what a write made stale: one item, a batch's, a company's, a product's, or everything. */
  forget(
    what:
      | { serial: string }
      | { batchId: number }
      | { companyId: number }
      | { productId: number }
      | 'everything',
  ): void {
    this.changes++;
    if (what === 'everything') this.gen++;
    else if ('serial' in what) this.kept.delete(what.serial);
    else if ('batchId' in what) bump(this.gens.batch, what.batchId);
    else if ('companyId' in what) bump(this.gens.company, what.companyId);
    else bump(this.gens.product, what.productId);
  }

  private changed(change: Change): void {
    if (change === 'everything') {
      this.forget('everything');
      return;
    }
    if (change.productId !== null) this.forget({ productId: change.productId });
    if (change.companyId !== null) this.forget({ companyId: change.companyId });
  }

  /** Shutdown: the buffered opens written, nothing kept. */
  async close(): Promise<void> {
    await this.flush();
    this.kept.clear();
  }
}

const bump = (gens: Map<number, number>, id: number) => gens.set(id, (gens.get(id) ?? 0) + 1);

const contextOf = (item: KeptItem) => ({ recall: item.lot?.recall ?? null, recent: item.recent });

/** A state with buffered opens counted in: the count added, the first open when it had none. */
function countedIn(state: ItemState, buffered: PendingItem): ItemState {
  const first = state.firstVerifiedAt === null && buffered.first;
  return {
    ...state,
    count: state.count + buffered.opens.length,
    ...(first
      ? {
          firstVerifiedAt: new Date(first.at),
          firstProvince: first.province,
          firstProvinceApproximate: first.approximate,
        }
      : {}),
  };
}

export function createSerialItems(deps: SerialItemsDeps): SerialItems {
  return new SerialItems(deps);
}
