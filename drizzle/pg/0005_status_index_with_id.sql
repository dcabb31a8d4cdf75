DROP INDEX "products_status_idx";--> statement-breakpoint
CREATE INDEX "products_status_idx" ON "products" USING btree ("status","id");