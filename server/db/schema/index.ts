export * from './companies.ts';
export * from './users.ts';
export * from './products.ts';
export * from './scans.ts';
export * from './documents.ts';
