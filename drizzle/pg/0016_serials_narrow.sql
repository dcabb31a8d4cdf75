-- The serials are keyed by (batch_id, seq) (decision 214): the tables that named an item by serials.id take its
-- batch and seq, read through the old id; then the id goes, and the (batch_id, seq) index becomes the key.
ALTER TABLE "serial_opens" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "serial_opens" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "serial_reports" ADD COLUMN "batch_id" integer;--> statement-breakpoint
ALTER TABLE "serial_reports" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "serial_states" ADD COLUMN "seq" integer;--> statement-breakpoint
UPDATE "serial_opens" AS o SET "batch_id" = s."batch_id", "seq" = s."seq" FROM "serials" AS s WHERE s."id" = o."serial_id";--> statement-breakpoint
UPDATE "serial_reports" AS r SET "batch_id" = s."batch_id", "seq" = s."seq" FROM "serials" AS s WHERE s."id" = r."serial_id";--> statement-breakpoint
UPDATE "serial_states" AS st SET "seq" = s."seq" FROM "serials" AS s WHERE s."id" = st."serial_id";--> statement-breakpoint
ALTER TABLE "serial_opens" ALTER COLUMN "batch_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "serial_opens" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "serial_states" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "serial_opens" DROP CONSTRAINT "serial_opens_serial_id_serials_id_fk";
--> statement-breakpoint
ALTER TABLE "serial_reports" DROP CONSTRAINT "serial_reports_serial_id_serials_id_fk";
--> statement-breakpoint
ALTER TABLE "serial_states" DROP CONSTRAINT "serial_states_serial_id_serials_id_fk";
--> statement-breakpoint
DROP INDEX "serial_opens_serial_at_idx";--> statement-breakpoint
DROP INDEX "serial_states_serial_unique";--> statement-breakpoint
ALTER TABLE "serial_opens" DROP COLUMN "serial_id";--> statement-breakpoint
ALTER TABLE "serial_reports" DROP COLUMN "serial_id";--> statement-breakpoint
ALTER TABLE "serial_states" DROP COLUMN "serial_id";--> statement-breakpoint
ALTER TABLE "serials" DROP CONSTRAINT "serials_pkey";--> statement-breakpoint
ALTER TABLE "serials" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "serials" ADD CONSTRAINT "serials_pkey" PRIMARY KEY USING INDEX "serials_batch_seq_unique";--> statement-breakpoint
ALTER TABLE "serial_opens" ADD CONSTRAINT "serial_opens_batch_id_serial_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."serial_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_reports" ADD CONSTRAINT "serial_reports_batch_id_serial_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."serial_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "serial_opens_item_at_idx" ON "serial_opens" USING btree ("batch_id","seq","at");--> statement-breakpoint
CREATE UNIQUE INDEX "serial_states_item_unique" ON "serial_states" USING btree ("batch_id","seq");
