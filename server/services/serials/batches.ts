import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { isUniqueViolation } from '#server/db/errors.ts';
import type { Tables } from '#server/db/schema/index.ts';
import { insertSerialChunk } from '#server/db/serial-inserts.ts';
import { transaction } from '#server/db/transaction.ts';
import type { AppDeps } from '#server/deps.ts';
import { AppError } from '#server/errors.ts';
import { type CompanyScope, inCompanyScope } from '#server/services/products/scope.ts';
import { serials as serialMessages } from '#shared/i18n/vi/serials.ts';
import type {
  CreateSerialBatchInput,
  SerialBatchList,
  SerialBatchListInput,
  SerialBatchView,
  VoidSerialsInput,
} from '#shared/schemas/serials.ts';
import { MAX_VOID_RANGES, SERIAL_ALPHABET, SERIAL_LENGTH, SERIALS_PER_COMPANY_DAY } from '#shared/serials.ts';
import { newPinKey } from './pin.ts';

const m = serialMessages;

type BatchRow = Tables['serialBatches']['$inferSelect'];

/**
 * Serials written per transaction. The unique index takes a chunk's serials all over its pages and each
 * commit writes every page it touched again, so fewer, larger chunks write far less (bench/RESULTS.md); on
 * SQLite a chunk holds the event loop while it is written, which bounds it from above (decision 205).
 */
export const GENERATION_CHUNK = 50_000;
/** Draws of one item's serial before the job gives up: a collision is already rare, five in a row never. */
const MAX_DRAWS = 5;
/**
 * A GENERATING batch whose job has not written for this long was left by a stopped server (decision 205):
 * a running job writes a chunk far more often.
 */
export const STALE_GENERATION_MS = 60_000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `n` random serials: a random byte per symbol, its low 5 bits picking one of the alphabet's 32 symbols.
 * 32 divides 256, so every symbol is equally likely (no modulo bias, decision 204).
 */
export function randomSerials(n: number): string[] {
  const bytes = randomBytes(n * SERIAL_LENGTH);
  for (let at = 0; at < bytes.length; at++) bytes[at] = SYMBOL_CODES[(bytes[at] as number) & 31] as number;
  const out = new Array<string>(n);
  for (let k = 0; k < n; k++) out[k] = bytes.toString('latin1', k * SERIAL_LENGTH, (k + 1) * SERIAL_LENGTH);
  return out;
}

const SYMBOL_CODES = Buffer.from(SERIAL_ALPHABET, 'latin1');

/**
 * The chunk's items with new serials, in the serials' order: the unique index takes them in order, page
 * after page, instead of at random places. Which item gets which serial stays random.
 */
function drawChunk(seqs: readonly number[]): { seqs: number[]; serials: string[] } {
  const serials = randomSerials(seqs.length);
  const order = Array.from(seqs.keys()).sort((a, b) =>
    (serials[a] as string) < (serials[b] as string) ? -1 : 1,
  );
  return { seqs: order.map((k) => seqs[k] as number), serials: order.map((k) => serials[k] as string) };
}

const notFound = () => new AppError('NOT_FOUND', m.batchNotFound);

/** The batch when the caller may see it; another company's answers like a missing one (decision 083). */
async function batchInScope(deps: AppDeps, scope: CompanyScope, id: number): Promise<BatchRow> {
  const { serialBatches } = deps.db.tables;
  const [row] = await deps.db.select().from(serialBatches).where(eq(serialBatches.id, id)).limit(1);
  if (!row || !inCompanyScope(scope, row.companyId)) throw notFound();
  return row;
}

async function viewsOf(deps: AppDeps, rows: BatchRow[]): Promise<SerialBatchView[]> {
  if (!rows.length) return [];
  const { products, lots, serialVoids } = deps.db.tables;
  const productIds = [...new Set(rows.map((r) => r.productId))];
  const lotIds = [...new Set(rows.map((r) => r.lotId).filter((id): id is number => id !== null))];
  const batchIds = rows.map((r) => r.id);
  const [productRows, lotRows, voidRows] = await Promise.all([
    deps.db
      .select({ id: products.id, name: products.name, gtin: products.gtin })
      .from(products)
      .where(inArray(products.id, productIds)),
    lotIds.length
      ? deps.db.select({ id: lots.id, code: lots.code }).from(lots).where(inArray(lots.id, lotIds))
      : Promise.resolve([]),
    deps.db
      .select()
      .from(serialVoids)
      .where(inArray(serialVoids.batchId, batchIds))
      .orderBy(asc(serialVoids.fromSeq), asc(serialVoids.id)),
  ]);
  const productOf = new Map(productRows.map((p) => [p.id, p]));
  const lotOf = new Map(lotRows.map((l) => [l.id, l.code]));
  return rows.map((row) => {
    const product = productOf.get(row.productId);
    return {
      id: row.id,
      companyId: row.companyId,
      productId: row.productId,
      productName: product?.name ?? '',
      gtin: product?.gtin ?? null,
      lotId: row.lotId,
      lotCode: row.lotId === null ? null : (lotOf.get(row.lotId) ?? null),
      count: row.count,
      withPin: row.withPin,
      status: row.status,
      generated: row.generated,
      failure: row.failure,
      voidedAt: row.voidedAt?.toISOString() ?? null,
      voids: voidRows
        .filter((v) => v.batchId === row.id)
        .map((v) => ({ fromSeq: v.fromSeq, toSeq: v.toSeq, createdAt: v.createdAt.toISOString() })),
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    };
  });
}

async function viewOf(deps: AppDeps, row: BatchRow): Promise<SerialBatchView> {
  const [view] = await viewsOf(deps, [row]);
  return view as SerialBatchView;
}

/** A job's end: READY, or FAILED with why (a failed batch is voided whole: none of it was handed out). */
async function finish(deps: AppDeps, batchId: number, failure: string | null, generated?: number) {
  const { serialBatches } = deps.db.tables;
  const now = new Date();
  await deps.db
    .update(serialBatches)
    .set(
      failure === null
        ? { status: 'READY', finishedAt: now, progressAt: now, ...(generated ? { generated } : {}) }
        : { status: 'FAILED', failure, voidedAt: now, finishedAt: now },
    )
    .where(and(eq(serialBatches.id, batchId), eq(serialBatches.status, 'GENERATING')));
}

/**
 * The job: the batch's serials in chunks of GENERATION_CHUNK, each chunk one transaction (server/db/
 * serial-inserts.ts), a serial the unique index already holds drawn again; `generated` and `progress_at`
 * written after each chunk, so getBatch shows the progress and a stopped job is told from a running one.
 */
async function generate(deps: AppDeps, batch: BatchRow, signal: AbortSignal): Promise<void> {
  const { serialBatches } = deps.db.tables;
  try {
    for (let first = 1; first <= batch.count; first += GENERATION_CHUNK) {
      if (signal.aborted) {
        await finish(deps, batch.id, m.interrupted);
        return;
      }
      const size = Math.min(GENERATION_CHUNK, batch.count - first + 1);
      let pending = Array.from({ length: size }, (_, k) => first + k);
      for (let draw = 0; pending.length; draw++) {
        if (draw === MAX_DRAWS) throw new Error(`serials still colliding after ${MAX_DRAWS} draws`);
        pending = await insertSerialChunk(deps.store, { batchId: batch.id, ...drawChunk(pending) });
      }
      await deps.db
        .update(serialBatches)
        .set({ generated: first + size - 1, progressAt: new Date() })
        .where(eq(serialBatches.id, batch.id));
    }
    await finish(deps, batch.id, null, batch.count);
    deps.logger.info(
      { event: 'serials.generated', batchId: batch.id, count: batch.count },
      'serials generated',
    );
  } catch (error) {
    deps.logger.error({ event: 'serials.failed', batchId: batch.id, err: error }, 'serial generation failed');
    await finish(deps, batch.id, m.failedGeneration).catch(() => undefined);
  }
}

/**
 * Marks FAILED the batches a stopped server left GENERATING (decision 205): on SQLite every one (one process
 * owns the file, and it is starting), on PostgreSQL those no instance has written to for STALE_GENERATION_MS.
 * Their serials were never exported, so the batch is voided whole; the company makes a new one.
 */
export async function failAbandonedBatches(deps: AppDeps, companyId?: number): Promise<number> {
  const { serialBatches } = deps.db.tables;
  const running = deps.serialJobs.running();
  const stale = new Date(Date.now() - STALE_GENERATION_MS);
  const conditions = [eq(serialBatches.status, 'GENERATING')];
  if (companyId !== undefined) conditions.push(eq(serialBatches.companyId, companyId));
  if (deps.store.engine === 'pg' || companyId !== undefined)
    conditions.push(
      or(
        lt(serialBatches.progressAt, stale),
        and(isNull(serialBatches.progressAt), lt(serialBatches.createdAt, stale)),
      ) as SQL,
    );
  if (running.length) conditions.push(notInArray(serialBatches.id, running));
  const now = new Date();
  const failed = await deps.db
    .update(serialBatches)
    .set({ status: 'FAILED', failure: m.interrupted, voidedAt: now, finishedAt: now })
    .where(and(...conditions))
    .returning({ id: serialBatches.id });
  if (failed.length)
    deps.logger.warn(
      { event: 'serials.abandoned', batchIds: failed.map((b) => b.id) },
      'serial batches left generating marked failed',
    );
  return failed.length;
}

/**
 * POST /serials/batches: the batch row now (GENERATING), its serials by a job after the answer. The product
 * (and lot) must be the caller's company's (else 404); one batch generating per company (409), at most
 * SERIALS_PER_COMPANY_DAY serials a day (429), both checked before any work (decision 205).
 */
export async function createSerialBatch(
  deps: AppDeps,
  scope: CompanyScope,
  userId: number | null,
  input: CreateSerialBatchInput,
): Promise<SerialBatchView> {
  const { products, lots, serialBatches } = deps.db.tables;
  const [product] = await deps.db
    .select({ id: products.id, companyId: products.companyId })
    .from(products)
    .where(eq(products.id, input.productId))
    .limit(1);
  if (!product || !inCompanyScope(scope, product.companyId))
    throw new AppError('NOT_FOUND', m.productNotFound, { fields: { productId: m.productNotFound } });
  const companyId = product.companyId;
  if (input.lotId) {
    const [lot] = await deps.db
      .select({ id: lots.id })
      .from(lots)
      .where(and(eq(lots.id, input.lotId), eq(lots.productId, product.id), eq(lots.companyId, companyId)))
      .limit(1);
    if (!lot) throw new AppError('NOT_FOUND', m.lotNotFound, { fields: { lotId: m.lotNotFound } });
  }

  const insertBatch = () =>
    transaction(deps.db, async (tx) => {
      const since = new Date(Date.now() - DAY_MS);
      const [today] = await tx
        .select({ total: sql<number>`coalesce(sum(${serialBatches.count}), 0)` })
        .from(serialBatches)
        .where(
          and(
            eq(serialBatches.companyId, companyId),
            gt(serialBatches.createdAt, since),
            ne(serialBatches.status, 'FAILED'),
          ),
        );
      if (Number(today?.total ?? 0) + input.count > SERIALS_PER_COMPANY_DAY) {
        const max = SERIALS_PER_COMPANY_DAY.toLocaleString('vi-VN');
        throw new AppError('TOO_MANY_REQUESTS', m.dailyLimit(max), { retryAfter: 3600 });
      }
      const [row] = await tx
        .insert(serialBatches)
        .values({
          companyId,
          productId: product.id,
          lotId: input.lotId ?? null,
          count: input.count,
          withPin: input.withPin,
          pinKey: newPinKey(),
          createdBy: userId,
          progressAt: new Date(),
        })
        .returning();
      return row as BatchRow;
    });
  const busy = /serial_batches_one_generating|serial_batches\.company_id/;
  let row: BatchRow;
  try {
    row = await insertBatch();
  } catch (error) {
    if (!isUniqueViolation(error, busy)) throw error;
    // The batch generating may have been left by a stopped instance: then it is failed, and this one goes.
    if (!(await failAbandonedBatches(deps, companyId))) throw new AppError('CONFLICT', m.busy);
    try {
      row = await insertBatch();
    } catch (again) {
      if (isUniqueViolation(again, busy)) throw new AppError('CONFLICT', m.busy);
      throw again;
    }
  }
  deps.serialJobs.run(row.id, (signal) => generate(deps, row, signal));
  return viewOf(deps, row);
}

/** GET /serials/batches: newest first, a page at a time. */
export async function listSerialBatches(
  deps: AppDeps,
  scope: CompanyScope,
  input: SerialBatchListInput,
): Promise<SerialBatchList> {
  const { serialBatches } = deps.db.tables;
  const conditions = [];
  if (scope !== null) conditions.push(eq(serialBatches.companyId, scope));
  if (input.productId) conditions.push(eq(serialBatches.productId, input.productId));
  if (input.cursor) conditions.push(lt(serialBatches.id, input.cursor));
  const rows = await deps.db
    .select()
    .from(serialBatches)
    .where(and(...conditions))
    .orderBy(desc(serialBatches.id))
    .limit(input.limit + 1);
  const page = rows.slice(0, input.limit);
  return {
    items: await viewsOf(deps, page),
    nextCursor: rows.length > input.limit ? (page.at(-1)?.id ?? null) : null,
  };
}

/** GET /serials/batches/{id}: with its progress while GENERATING. */
export async function getSerialBatch(
  deps: AppDeps,
  scope: CompanyScope,
  id: number,
): Promise<SerialBatchView> {
  return viewOf(deps, await batchInScope(deps, scope, id));
}

/**
 * POST /serials/batches/{id}/void: the whole batch (no range), or the items fromSeq..toSeq, as one row of
 * serial_voids (decision 204). Voiding what is already voided changes nothing and is not an error.
 */
export async function voidSerials(
  deps: AppDeps,
  scope: CompanyScope,
  userId: number | null,
  input: VoidSerialsInput,
): Promise<SerialBatchView> {
  const { serialBatches, serialVoids } = deps.db.tables;
  const batch = await batchInScope(deps, scope, input.batchId);
  if (input.fromSeq === undefined || input.toSeq === undefined) {
    if (!batch.voidedAt)
      await deps.db
        .update(serialBatches)
        .set({ voidedAt: new Date() })
        .where(and(eq(serialBatches.id, batch.id), sql`${serialBatches.voidedAt} IS NULL`));
    // Its kept items say VOID from now on (decision 230).
    deps.serialItems.forget({ batchId: batch.id });
    return getSerialBatch(deps, scope, batch.id);
  }
  const { fromSeq, toSeq } = input;
  if (toSeq > batch.count || fromSeq > toSeq)
    throw new AppError('BAD_REQUEST', m.seqRange, { fields: { toSeq: m.seqRange } });
  await transaction(deps.db, async (tx) => {
    const [ranges] = await tx
      .select({ n: sql<number>`count(*)` })
      .from(serialVoids)
      .where(eq(serialVoids.batchId, batch.id));
    if (Number(ranges?.n ?? 0) >= MAX_VOID_RANGES) {
      const message = m.tooManyRanges(MAX_VOID_RANGES);
      throw new AppError('BAD_REQUEST', message, { fields: { fromSeq: message } });
    }
    await tx.insert(serialVoids).values({
      batchId: batch.id,
      companyId: batch.companyId,
      fromSeq,
      toSeq,
      createdBy: userId,
    });
  });
  deps.serialItems.forget({ batchId: batch.id });
  return getSerialBatch(deps, scope, batch.id);
}

/** The batch's items in seq order after `afterSeq`, a page at a time: the CSV's keyset pages. */
export async function serialPage(
  deps: AppDeps,
  batchId: number,
  afterSeq: number,
  limit: number,
): Promise<Array<{ seq: number; serial: string }>> {
  const { serials } = deps.db.tables;
  return deps.db
    .select({ seq: serials.seq, serial: serials.serial })
    .from(serials)
    .where(and(eq(serials.batchId, batchId), gt(serials.seq, afterSeq)))
    .orderBy(asc(serials.seq))
    .limit(limit);
}

export { batchInScope };
