ALTER TABLE "lot_inputs" ADD COLUMN "event_id" text;--> statement-breakpoint
ALTER TABLE "lot_receipts" ADD COLUMN "event_id" text;--> statement-breakpoint
ALTER TABLE "lot_shipments" ADD COLUMN "event_id" text;