// The types of scripts/pg-test.mjs, for the TypeScript that imports it (tests/helpers/postgres.ts).
import type { QueryResult } from 'pg';

export const POSTGRES_MISSING: string;
export function findPostgresBin(): string | null;
export interface PostgresCluster {
  dir: string;
  port: number;
  url(database: string): string;
  /** Stops the server and keeps the cluster, as an outage would (pg_ctl stop -m fast or immediate). */
  stopServer(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts the stopped server again, on the same port. */
  startServer(): Promise<void>;
  stop(): Promise<void>;
}
/** `durable`: commits answered once in the WAL (synchronous_commit=on), for tests that kill the server. */
export function startPostgres(options?: { bin?: string | null; durable?: boolean }): Promise<PostgresCluster>;
export function adminQuery(adminUrl: string, statement: string): Promise<QueryResult>;
