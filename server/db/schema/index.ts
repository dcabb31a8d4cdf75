import { databaseEngine } from '../engine.ts';
import * as pg from './pg/index.ts';
import * as sqlite from './sqlite.ts';

/**
 * The tables services import (decision 153): on PostgreSQL (DATABASE_URL postgres://…) the tables of ./pg/,
 * else the SQLite ones, chosen once when this module loads. Both are typed as the SQLite table: the two
 * schemas have the same names, columns and JS value types (tests/server/foundation/schema-drift.test.ts
 * fails on any difference), and drizzle's builders are awaited the same way on both (decision 150).
 */
const onPg = databaseEngine() === 'pg';
const pick = <T>(sqliteTable: T, pgTable: unknown): T => (onPg ? (pgTable as T) : sqliteTable);

export const companies = pick(sqlite.companies, pg.companies);
export const companyTerms = pick(sqlite.companyTerms, pg.companyTerms);
export const users = pick(sqlite.users, pg.users);
export const emailVerificationCodes = pick(sqlite.emailVerificationCodes, pg.emailVerificationCodes);
export const passwordResetTokens = pick(sqlite.passwordResetTokens, pg.passwordResetTokens);
export const products = pick(sqlite.products, pg.products);
export const trackingEntries = pick(sqlite.trackingEntries, pg.trackingEntries);
export const lots = pick(sqlite.lots, pg.lots);
export const lotEvents = pick(sqlite.lotEvents, pg.lotEvents);
export const lotEventObjects = pick(sqlite.lotEventObjects, pg.lotEventObjects);
export const shortLinks = pick(sqlite.shortLinks, pg.shortLinks);
export const scanEvents = pick(sqlite.scanEvents, pg.scanEvents);
export const scanLogs = pick(sqlite.scanLogs, pg.scanLogs);
export const documents = pick(sqlite.documents, pg.documents);
export const partners = pick(sqlite.partners, pg.partners);
export const lotReceipts = pick(sqlite.lotReceipts, pg.lotReceipts);
export const lotShipments = pick(sqlite.lotShipments, pg.lotShipments);
export const lotInputs = pick(sqlite.lotInputs, pg.lotInputs);

export { TERM_KINDS, type TermKind } from './companies.ts';
export { EXPIRY_KINDS, newEventId } from './products.ts';
export { DEVICE_CLASSES } from './scans.ts';
