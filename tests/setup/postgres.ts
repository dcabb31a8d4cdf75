// Vitest global setup of the server tests (decision 154). With TEST_ENGINE=pg it starts one throwaway
// PostgreSQL cluster for the whole run, makes its migrated template, hands it to the test files
// (inject('postgres')) and removes it at the end. Without it, nothing: tests that need PostgreSQL start
// their own cluster (tests/helpers/postgres.ts).
import type { TestProject } from 'vitest/node';
import { POSTGRES_MISSING, postgresAvailable, startTestPostgres } from '#tests/helpers/postgres.ts';

export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (process.env.TEST_ENGINE !== 'pg') return undefined;
  // Asked for PostgreSQL and none here: a failure with the way to get it, never a run on SQLite instead.
  if (!postgresAvailable()) throw new Error(POSTGRES_MISSING);
  const postgres = await startTestPostgres();
  project.provide('postgres', { adminUrl: postgres.adminUrl, template: postgres.template });
  return () => postgres.stop();
}
