import type { ChangeKey } from '#server/db/change-feed.ts';
import type { PublicAnswerKind } from '#shared/public-pages.ts';

/** One answer as the database gives it, before the public answers keep it. */
export interface SourceRow {
  productId: number | null;
  companyId: number | null;
  /** The lot of a lot's own code or of a lot page: its scans count for the lot (decision 126). */
  lotId: number | null;
  /** The answer's `data`, encoded once as UTF-8 JSON. */
  data: Uint8Array<ArrayBuffer>;
  /** Read from the stored answers (decision 145): kept only on a second ask (decision 146). */
  stored?: boolean;
}

/** A value at hand (a hit, or SQLite's synchronous statements) or a promise of it (an awaited query). */
export type MaybePromise<T> = T | Promise<T>;

/**
 * Where the public answers come from (server/services/products/public-answers.ts keeps them): one
 * statement per kind of answer, rendered from its field list (answers.ts, sql.ts) for the engine the app
 * runs on. SQLite answers at once (and from its stored answers, decision 145); PostgreSQL with awaited
 * queries (decisions 159, 169).
 */
export interface AnswerSource {
  answer(kind: PublicAnswerKind, key: string | number): MaybePromise<SourceRow | undefined>;
  /** A product's primary code, ACTIVE or not (the product page opened by its address). */
  primaryCode(id: number): MaybePromise<string | undefined>;
  /** Told of every change the change feed hears (SQLite's stored answers mark what it made stale). */
  changed(change: ChangeKey): void;
  /** The stored answers (SQLite only). */
  readonly store?: import('./answer-store.ts').StoredAnswers;
  close(): void;
}

const encoder = new TextEncoder();

/** A statement's row `[productId, companyId, json, lotId]` as a source row. */
export function rowOf(
  row: [productId: number | null, companyId: number | null, json: string, lotId: number | null] | undefined,
): SourceRow | undefined {
  if (!row) return undefined;
  const [productId, companyId, json, lotId] = row;
  return { productId, companyId, lotId, data: encoder.encode(json) };
}
