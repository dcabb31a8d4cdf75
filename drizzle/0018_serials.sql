CREATE TABLE `serial_batches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`lot_id` integer,
	`count` integer NOT NULL,
	`with_pin` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'GENERATING' NOT NULL,
	`generated` integer DEFAULT 0 NOT NULL,
	`failure` text,
	`pin_key` text NOT NULL,
	`voided_at` integer,
	`created_by` integer,
	`created_at` integer NOT NULL,
	`progress_at` integer,
	`finished_at` integer,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `serial_batches_company_created_idx` ON `serial_batches` (`company_id`,`created_at`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `serial_batches_one_generating` ON `serial_batches` (`company_id`) WHERE "serial_batches"."status" = 'GENERATING';--> statement-breakpoint
CREATE TABLE `serial_voids` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`batch_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`from_seq` integer NOT NULL,
	`to_seq` integer NOT NULL,
	`created_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`batch_id`) REFERENCES `serial_batches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `serial_voids_batch_idx` ON `serial_voids` (`batch_id`,`from_seq`);--> statement-breakpoint
CREATE TABLE `serials` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`batch_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`serial` text NOT NULL,
	FOREIGN KEY (`batch_id`) REFERENCES `serial_batches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `serials_serial_unique` ON `serials` (`serial`);--> statement-breakpoint
CREATE UNIQUE INDEX `serials_batch_seq_unique` ON `serials` (`batch_id`,`seq`);--> statement-breakpoint
CREATE TABLE `serial_opens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`serial_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`browser` text NOT NULL,
	`province` text,
	`province_approximate` integer DEFAULT true NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`serial_id`) REFERENCES `serials`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `serial_opens_serial_at_idx` ON `serial_opens` (`serial_id`,`at`);--> statement-breakpoint
CREATE INDEX `serial_opens_company_at_idx` ON `serial_opens` (`company_id`,`at`);--> statement-breakpoint
CREATE INDEX `serial_opens_at_idx` ON `serial_opens` (`at`);--> statement-breakpoint
CREATE TABLE `serial_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`serial_id` integer,
	`serial_text` text NOT NULL,
	`shop_name` text NOT NULL,
	`photo` text,
	`province` text,
	`province_approximate` integer DEFAULT true NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`serial_id`) REFERENCES `serials`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `serial_reports_company_created_idx` ON `serial_reports` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `serial_settings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`suspect_threshold` integer DEFAULT 5 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `serial_settings_company_unique` ON `serial_settings` (`company_id`);--> statement-breakpoint
CREATE TABLE `serial_states` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`serial_id` integer NOT NULL,
	`batch_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`first_verified_at` integer,
	`first_province` text,
	`first_province_approximate` integer DEFAULT true NOT NULL,
	`activated_at` integer,
	`suspect_at` integer,
	`suspect_reason` text,
	FOREIGN KEY (`serial_id`) REFERENCES `serials`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`batch_id`) REFERENCES `serial_batches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `serial_states_serial_unique` ON `serial_states` (`serial_id`);--> statement-breakpoint
CREATE INDEX `serial_states_company_suspect_idx` ON `serial_states` (`company_id`,`suspect_at`);