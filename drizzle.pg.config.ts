import { defineConfig } from 'drizzle-kit';

// The PostgreSQL migrations (decision 153), generated from the same declared tables as the SQLite ones
// (drizzle.config.ts, decision 196); `npm run db:generate` runs both.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/pg.cjs',
  out: './drizzle/pg',
});
