import { join } from 'node:path';
import { createDb } from '#server/db/client.ts';
import { copySqliteToPg } from '#server/db/copy-to-pg.ts';
import { createPgDb } from '#server/db/pg-client.ts';
import { adminQuery, startPostgres } from '#scripts/pg-test.mjs';

/**
 * The benchmark dataset on PostgreSQL: a throwaway cluster (scripts/pg-test.mjs), a database migrated as the
 * app migrates it, and the SQLite dataset of `datasetDir` copied in with the app's own copy-to-postgres
 * (server/db/copy-to-pg.ts), so both engines are measured on the same rows.
 */
export async function pgDataset(datasetDir: string): Promise<{ url: string; stop(): Promise<void> }> {
  const cluster = await startPostgres();
  try {
    await adminQuery(cluster.url('postgres'), 'CREATE DATABASE bench');
    const url = cluster.url('bench');
    const target = await createPgDb(url, { max: 2 });
    const source = createDb(join(datasetDir, 'app.db'));
    try {
      const { tables, ms } = await copySqliteToPg(source.db, target.pg, { batch: 5_000 });
      console.log(`PostgreSQL dataset copied in ${(ms / 1000).toFixed(1)} s (${tables.products} products)`);
      await target.pool.query('ANALYZE');
    } finally {
      source.sqlite.close();
      await target.close();
    }
    return { url, stop: () => cluster.stop() };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}
