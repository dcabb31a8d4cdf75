import { randomBytes } from 'node:crypto';
import { createPgDb } from '#server/db/pg-client.ts';
import { adminQuery, findPostgresBin, POSTGRES_MISSING, startPostgres } from '#scripts/pg-test.mjs';

/** A running throwaway cluster with a template database that has every PostgreSQL migration applied. */
export interface TestPostgres {
  /** The cluster's `postgres` database: where databases are created and dropped. */
  adminUrl: string;
  /** The migrated database each fresh one is cloned from. */
  template: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Set by tests/setup/postgres.ts when the run has a PostgreSQL cluster (TEST_ENGINE=pg). */
    postgres?: TestPostgres;
  }
}

export { POSTGRES_MISSING };

/** True when this machine has PostgreSQL's server binaries; else prints POSTGRES_MISSING once, on one line. */
export function postgresAvailable(): boolean {
  if (findPostgresBin()) return true;
  console.warn(POSTGRES_MISSING);
  return false;
}

/**
 * Starts a throwaway cluster (scripts/pg-test.mjs) and makes its template: a database migrated by
 * createPgDb, as a server does at start, so each test gets a clone instead of running the migrations.
 */
export async function startTestPostgres(): Promise<TestPostgres & { stop(): Promise<void> }> {
  const cluster = await startPostgres();
  try {
    const template = 'txng_template';
    await adminQuery(cluster.url('postgres'), `CREATE DATABASE ${template}`);
    const handle = await createPgDb(cluster.url(template), { max: 1 });
    await handle.close();
    return { adminUrl: cluster.url('postgres'), template, stop: () => cluster.stop() };
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

/**
 * A new database cloned from the template (a file copy, not a replay of the migrations), with its URL and
 * a drop() that removes it (ending any connection still open to it).
 */
export async function freshPgDatabase(
  postgres: TestPostgres,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `txng_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(
    postgres.adminUrl,
    `CREATE DATABASE ${name} TEMPLATE ${postgres.template} STRATEGY FILE_COPY`,
  );
  return {
    url: postgres.adminUrl.replace(/\/postgres$/, `/${name}`),
    drop: async () => {
      await adminQuery(postgres.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** An empty database (no migrations), for the tests of the migrations themselves. */
export async function emptyPgDatabase(
  postgres: TestPostgres,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `txng_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(postgres.adminUrl, `CREATE DATABASE ${name}`);
  return {
    url: postgres.adminUrl.replace(/\/postgres$/, `/${name}`),
    drop: async () => {
      await adminQuery(postgres.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
