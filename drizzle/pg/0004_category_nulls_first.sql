-- Every text the lists sort by compares byte-wise, as SQLite's BINARY does, whatever the cluster's locale, so
-- that ORDER BY ... COLLATE "C" (server/db/order.ts) walks these columns' indexes (decision 164). drizzle does
-- not model a column's collation, so no later generated migration undoes it.
ALTER TABLE "products" ALTER COLUMN "name_sort" TYPE text COLLATE "C", ALTER COLUMN "status" TYPE text COLLATE "C", ALTER COLUMN "category" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "name_sort" TYPE text COLLATE "C", ALTER COLUMN "email" TYPE text COLLATE "C", ALTER COLUMN "role" TYPE text COLLATE "C", ALTER COLUMN "status" TYPE text COLLATE "C";--> statement-breakpoint
ALTER TABLE "companies" ALTER COLUMN "name_sort" TYPE text COLLATE "C";--> statement-breakpoint
DROP INDEX "products_company_category_idx";--> statement-breakpoint
DROP INDEX "products_category_created_idx";--> statement-breakpoint
CREATE INDEX "products_company_category_idx" ON "products" USING btree ("company_id","category" NULLS FIRST,"created_at");--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category" NULLS FIRST,"created_at");