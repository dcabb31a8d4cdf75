import { AsyncLocalStorage } from 'node:async_hooks';
import type { Db, Executor, Sqlite } from './client.ts';

/**
 * What a database handle carries for its transactions, built by createDb beside the connection (decision 150):
 * the engine's way of running one, a queue so that two never overlap on SQLite's single connection, and the
 * transaction the current async call chain is inside (a nested call joins it).
 */
export interface TransactionRunner {
  run<T>(body: (tx: Executor) => Promise<T>): Promise<T>;
}

const RUNNER = Symbol('transactionRunner');
type WithRunner = { [RUNNER]?: TransactionRunner };

/** Binds a runner to a database object, once, when the handle is made (server/db/client.ts). */
export function attachTransactionRunner<D extends object>(db: D, runner: TransactionRunner): D {
  Object.defineProperty(db, RUNNER, { value: runner, enumerable: false });
  return db;
}

/**
 * Runs `body` in one transaction: every statement in it commits together or none does. Services write
 * `await transaction(deps.db, async (tx) => { ... })` on both engines (decision 150). The body may await
 * only database calls: on SQLite, where statements run synchronously on one connection, that is what keeps
 * other requests' statements out of it (an await on anything else is refused with an error and rolled back).
 */
export function transaction<T>(db: Db | Executor, body: (tx: Executor) => Promise<T>): Promise<T> {
  const runner = (db as WithRunner)[RUNNER];
  if (!runner) throw new Error('transaction(): this database object was not made by createDb');
  return runner.run(body);
}

/**
 * SQLite: BEGIN IMMEDIATE on the connection, the body, COMMIT or ROLLBACK. Statements execute synchronously,
 * so a body that awaits only them finishes within the microtasks of the callback that started it, and Node
 * runs no other request's callback in between. Two bodies started in the same callback (a tRPC batch) are
 * queued one after the other. A body still running when the next callback comes has awaited something
 * else: it is refused, because another request's statements could then land inside it.
 */
export function sqliteTransactionRunner(db: Db, sqlite: Sqlite): TransactionRunner {
  const inside = new AsyncLocalStorage<true>();
  let queue: Promise<unknown> = Promise.resolve();
  return {
    run<T>(body: (tx: Executor) => Promise<T>): Promise<T> {
      if (inside.getStore()) return body(db);
      const turn = queue.then(() =>
        inside.run(true, async () => {
          sqlite.exec('BEGIN IMMEDIATE');
          let settled = false;
          let crossedCallback = false;
          const check = setImmediate(() => {
            if (!settled) crossedCallback = true;
          });
          try {
            const result = await body(db);
            settled = true;
            if (crossedCallback)
              throw new Error('A transaction body awaited something other than the database');
            sqlite.exec('COMMIT');
            return result;
          } catch (error) {
            settled = true;
            if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
            throw error;
          } finally {
            clearImmediate(check);
          }
        }),
      );
      queue = turn.catch(() => undefined);
      return turn;
    },
  };
}
