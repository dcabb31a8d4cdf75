import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the journeys' server runs and who its administrator is. Read by playwright.config.ts (which
 * starts the server) and by the journeys. The data directory is made once in Playwright's main process;
 * workers inherit E2E_DATA_DIR from it and read the outbox there for codes and links.
 */
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'txng-e2e-'));
const PORT = Number(process.env.E2E_PORT ?? 4310);
export const E2E = {
  port: PORT,
  dataDir: process.env.E2E_DATA_DIR,
  baseURL: `http://127.0.0.1:${PORT}`,
  adminEmail: 'admin@e2e.test',
  adminPassword: 'Quan-tri-e2e-2026',
};
export const ADMIN = { email: E2E.adminEmail, password: E2E.adminPassword };
