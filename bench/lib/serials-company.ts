import { createApp } from '#server/app.ts';
import { createAppDeps } from '#server/compose.ts';
import { loadSettings } from '#server/env.ts';
import { createLogger } from '#server/logger.ts';
import { createMemoryMailer } from '#server/mail/mailer.ts';
import { createCompany, createUser, tokenFor } from '#tests/helpers/factories.ts';
import { makeProduct } from '#tests/server/products/helpers.ts';

export const SERIALS_GTIN = '09506000134352';

/**
 * The serial benches' world, in this process: the app's deps on `dataDir` (or `databaseUrl`), a company
 * with a GTIN product and its COMPANY_ADMIN's token, and the app to ask (`app.request`). close() when done.
 */
export async function serialsCompany(dataDir: string, databaseUrl?: string) {
  const settings = loadSettings({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    PUBLIC_URL: 'https://truyxuat.example.vn',
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const composed = await createAppDeps(settings, createLogger('silent'), { mailer: createMemoryMailer() });
  try {
    await composed.start(async () => undefined);
    const { deps } = composed;
    const company = await createCompany(deps, { name: 'Công ty Nước mắm Phú Quốc' });
    const admin = await createUser(deps, { role: 'COMPANY_ADMIN', companyId: company.id });
    const product = await makeProduct(deps, company.id, {
      name: 'Nước mắm 40 độ đạm',
      gtin: SERIALS_GTIN,
      status: 'ACTIVE',
    });
    const token = await tokenFor(deps, admin);
    const app = createApp(deps, { clientDir: dataDir });
    return { settings, deps, product, token, app, close: () => composed.close() };
  } catch (error) {
    await composed.close();
    throw error;
  }
}
