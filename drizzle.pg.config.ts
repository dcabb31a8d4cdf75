import { defineConfig } from 'drizzle-kit';

// The PostgreSQL migrations (decision 153), generated from server/db/schema/pg/ beside the SQLite ones
// (drizzle.config.ts); `npm run db:generate` runs both.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/pg.cjs',
  out: './drizzle/pg',
});
