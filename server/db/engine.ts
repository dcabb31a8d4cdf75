/** The two database engines the app runs on (decisions 150 and 153). */
export type DatabaseEngine = 'sqlite' | 'pg';

/** What a DATABASE_URL names: PostgreSQL for postgres:// or postgresql://, else the embedded SQLite file. */
export function engineOf(databaseUrl: string | undefined): DatabaseEngine {
  return databaseUrl && /^postgres(ql)?:\/\//i.test(databaseUrl) ? 'pg' : 'sqlite';
}

/**
 * Read once, when this module loads: the engine is configuration fixed for the life of the process
 * (decision 153), which is what lets schema/index.ts pick each table's dialect once, at import.
 */
const ENGINE: DatabaseEngine = engineOf(process.env.DATABASE_URL);

/** The engine this process runs on. */
export function databaseEngine(): DatabaseEngine {
  return ENGINE;
}
