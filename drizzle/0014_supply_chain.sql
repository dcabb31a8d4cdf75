CREATE TABLE `lot_inputs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`lot_id` integer NOT NULL,
	`input_lot_id` integer NOT NULL,
	`quantity` text NOT NULL,
	`unit` text NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`input_lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lot_inputs_lot_input_unique` ON `lot_inputs` (`lot_id`,`input_lot_id`);--> statement-breakpoint
CREATE INDEX `lot_inputs_forward_idx` ON `lot_inputs` (`input_lot_id`,`company_id`,`lot_id`);--> statement-breakpoint
CREATE INDEX `lot_inputs_backward_idx` ON `lot_inputs` (`lot_id`,`company_id`,`input_lot_id`);--> statement-breakpoint
CREATE TABLE `lot_receipts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`lot_id` integer NOT NULL,
	`partner_id` integer NOT NULL,
	`quantity` text NOT NULL,
	`unit` text NOT NULL,
	`date` text NOT NULL,
	`document_type` text,
	`document_number` text,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`supplier_lot_code` text,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `lot_receipts_lot_idx` ON `lot_receipts` (`lot_id`);--> statement-breakpoint
CREATE INDEX `lot_receipts_partner_idx` ON `lot_receipts` (`partner_id`);--> statement-breakpoint
CREATE TABLE `lot_shipments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`lot_id` integer NOT NULL,
	`partner_id` integer NOT NULL,
	`quantity` text NOT NULL,
	`unit` text NOT NULL,
	`date` text NOT NULL,
	`document_type` text,
	`document_number` text,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`partner_id`) REFERENCES `partners`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `lot_shipments_lot_idx` ON `lot_shipments` (`lot_id`);--> statement-breakpoint
CREATE INDEX `lot_shipments_partner_idx` ON `lot_shipments` (`partner_id`);--> statement-breakpoint
CREATE TABLE `partners` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`name_sort` text DEFAULT '' NOT NULL,
	`kind` text NOT NULL,
	`tax_code` text,
	`gln` text,
	`phone` text DEFAULT '' NOT NULL,
	`email` text DEFAULT '' NOT NULL,
	`address` text DEFAULT '' NOT NULL,
	`province` text DEFAULT '' NOT NULL,
	`country` text DEFAULT 'VN' NOT NULL,
	`public_name` integer DEFAULT false NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `partners_company_name_idx` ON `partners` (`company_id`,`name_sort`);--> statement-breakpoint
CREATE UNIQUE INDEX `partners_company_tax_code_unique` ON `partners` (`company_id`,`tax_code`) WHERE "partners"."tax_code" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `lots` ADD `input_recall_lot_id` integer;--> statement-breakpoint
ALTER TABLE `lots` ADD `input_recall_code` text;--> statement-breakpoint
ALTER TABLE `lots` ADD `input_recall_reason` text;--> statement-breakpoint
ALTER TABLE `lots` ADD `held_at` integer;--> statement-breakpoint
ALTER TABLE `lots` ADD `hold_reason` text;