import { defineConfig } from 'drizzle-kit';

// The SQLite migrations, generated from the declared tables (server/db/schema/, decision 196) beside the
// PostgreSQL ones (drizzle.pg.config.ts); `npm run db:generate` runs both.
export default defineConfig({
  dialect: 'sqlite',
  schema: './server/db/schema/sqlite.cjs',
  out: './drizzle',
});
