// The types of scripts/pg-test.mjs, for the TypeScript that imports it (tests/helpers/postgres.ts).
import type { QueryResult } from 'pg';

export const POSTGRES_MISSING: string;
export function findPostgresBin(): string | null;
export interface PostgresCluster {
  dir: string;
  port: number;
  url(database: string): string;
  stop(): Promise<void>;
}
export function startPostgres(options?: { bin?: string | null }): Promise<PostgresCluster>;
export function adminQuery(adminUrl: string, statement: string): Promise<QueryResult>;
