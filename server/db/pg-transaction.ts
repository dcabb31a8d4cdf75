import type { Pool, PoolClient } from 'pg';

/**
 * `work` in one transaction on a connection of the pool: committed when it returns, rolled back when it
 * throws, the connection given back either way. For the start-up statements that take an advisory lock
 * for the transaction (the change triggers, the rate-limit table). The pg package is only a type here, so
 * the modules a server on SQLite loads may import this one.
 */
export async function inPgTransaction(
  pool: Pool,
  work: (client: PoolClient) => Promise<void>,
): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await work(client);
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
}
