ALTER TABLE `lot_inputs` ADD `event_id` text;--> statement-breakpoint
ALTER TABLE `lot_receipts` ADD `event_id` text;--> statement-breakpoint
ALTER TABLE `lot_shipments` ADD `event_id` text;