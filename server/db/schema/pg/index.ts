// The PostgreSQL tables (decision 153): what drizzle.pg.config.ts generates drizzle/pg/ from, and what
// ../index.ts exports when the process runs on PostgreSQL.
export * from './companies.ts';
export * from './documents.ts';
export * from './products.ts';
export * from './scans.ts';
export * from './supply-chain.ts';
export * from './users.ts';
