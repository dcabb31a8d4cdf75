// The SQLite tables: what drizzle.config.ts generates drizzle/ from, what createDb hands to drizzle, and
// the type every table of ./index.ts has on both engines (decision 153).
export * from './companies.ts';
export * from './documents.ts';
export * from './products.ts';
export * from './scans.ts';
export * from './supply-chain.ts';
export * from './users.ts';
