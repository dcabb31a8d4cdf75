import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { withAdvisoryLock } from '#server/db/pg-client.ts';
import { freshPgDatabase, postgresAvailable, startTestPostgres } from '#tests/helpers/postgres.ts';

const provided = inject('postgres');
const available = provided !== undefined || postgresAvailable();

describe.skipIf(!available)(
  `[multi-instance] start-up work under the advisory lock${available ? '' : ' (skipped: no PostgreSQL binaries, see the line above)'}`,
  () => {
    let ownCluster: { stop(): Promise<void> } | undefined;
    let database: { url: string; drop(): Promise<void> };
    let pools: pg.Pool[];

    beforeAll(async () => {
      let postgres = provided;
      if (!postgres) {
        const started = await startTestPostgres();
        ownCluster = started;
        postgres = started;
      }
      database = await freshPgDatabase(postgres);
      pools = [0, 1, 2].map(() => {
        const pool = new pg.Pool({ connectionString: database.url, max: 2 });
        // The database is dropped WITH (FORCE) after the tests: a client still closing then gets "terminating
        // connection", which a pool with no 'error' listener throws as an uncaught exception.
        pool.on('error', () => undefined);
        return pool;
      });
    }, 60_000);

    afterAll(async () => {
      await Promise.all(pools.map((p) => p.end()));
      await database?.drop();
      await ownCluster?.stop();
    });

    it('three instances doing "read, then write if missing" at once make the row once, one after the other', async () => {
      await pools[0]!.query('CREATE TABLE start_up_marks (name text)');
      const log: string[] = [];
      const startUp = (pool: pg.Pool, who: string) =>
        withAdvisoryLock(pool, 'txng:start-up', async () => {
          log.push(`${who} in`);
          const { rows } = await pool.query("SELECT 1 FROM start_up_marks WHERE name = 'admin'");
          // A pause between the read and the write: without the lock, every instance would read nothing.
          await new Promise((resolve) => setTimeout(resolve, 100));
          if (!rows.length) await pool.query("INSERT INTO start_up_marks VALUES ('admin')");
          log.push(`${who} out`);
          return rows.length === 0;
        });
      const made = await Promise.all(pools.map((pool, i) => startUp(pool, `#${i}`)));
      expect(made.filter(Boolean)).toHaveLength(1);
      expect((await pools[0]!.query('SELECT count(*)::int AS n FROM start_up_marks')).rows[0].n).toBe(1);
      // Never two inside at once.
      for (let i = 0; i < log.length; i += 2) expect(log[i + 1]).toBe(log[i]!.replace(' in', ' out'));
      // A failing turn lets go of the lock too.
      await expect(
        withAdvisoryLock(pools[1]!, 'txng:start-up', async () => Promise.reject(new Error('boom'))),
      ).rejects.toThrow('boom');
      expect(await withAdvisoryLock(pools[2]!, 'txng:start-up', async () => 'next')).toBe('next');
    });
  },
);
