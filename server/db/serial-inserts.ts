import type { DatabaseStore } from './store.ts';

/** One chunk of a batch's new serials: `serials[k]` is item `firstSeq + k`. */
export interface SerialChunk {
  batchId: number;
  seqs: readonly number[];
  serials: readonly string[];
}

const PG_INSERT = `INSERT INTO serials (batch_id, seq, serial)
  SELECT $1, s.seq, s.serial FROM unnest($2::integer[], $3::text[]) AS s(seq, serial)
  ON CONFLICT (serial) DO NOTHING
  RETURNING seq`;

const SQLITE_INSERT =
  'INSERT INTO serials (batch_id, seq, serial) VALUES (?, ?, ?) ON CONFLICT (serial) DO NOTHING';

/**
 * Writes a chunk of serials in one transaction, with the engine's fastest statement (decision 205): on
 * SQLite a prepared insert run per row inside one transaction of the connection (drizzle's builder costs
 * more than the insert itself at a million rows); on PostgreSQL one INSERT … SELECT FROM unnest of the whole
 * chunk. A serial already issued (to any batch) is skipped by the unique index, not an error: the answer is
 * the seqs that were skipped, for the caller to draw again.
 */
export async function insertSerialChunk(store: DatabaseStore, chunk: SerialChunk): Promise<number[]> {
  if (store.engine === 'pg') {
    const { rows } = await store.pool.query<{ seq: number }>(PG_INSERT, [
      chunk.batchId,
      chunk.seqs,
      chunk.serials,
    ]);
    if (rows.length === chunk.seqs.length) return [];
    const written = new Set(rows.map((r) => r.seq));
    return chunk.seqs.filter((seq) => !written.has(seq));
  }
  const { sqlite } = store;
  // Run in a callback of its own: the app's transactions never span a callback (server/db/transaction.ts),
  // so none is open there and no request's statement can land inside this one.
  return new Promise((resolve, reject) => {
    setImmediate(() => {
      try {
        const insert = sqlite.prepare(SQLITE_INSERT);
        const skipped: number[] = [];
        sqlite.transaction(() => {
          for (let k = 0; k < chunk.seqs.length; k++) {
            const seq = chunk.seqs[k] as number;
            if (insert.run(chunk.batchId, seq, chunk.serials[k] as string).changes === 0) skipped.push(seq);
          }
        })();
        resolve(skipped);
      } catch (error) {
        reject(error);
      }
    });
  });
}
