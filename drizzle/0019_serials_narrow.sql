-- The serials are keyed by (batch_id, seq) (decision 214): the tables that named an item by serials.id take its
-- batch and seq, read through the old id before the serials table is rebuilt without it.
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_serial_opens` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`batch_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`company_id` integer NOT NULL,
	`browser` text NOT NULL,
	`province` text,
	`province_approximate` integer DEFAULT true NOT NULL,
	`at` integer NOT NULL,
	FOREIGN KEY (`batch_id`) REFERENCES `serial_batches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_serial_opens`("id", "batch_id", "seq", "company_id", "browser", "province", "province_approximate", "at") SELECT o."id", s."batch_id", s."seq", o."company_id", o."browser", o."province", o."province_approximate", o."at" FROM `serial_opens` o JOIN `serials` s ON s."id" = o."serial_id";--> statement-breakpoint
DROP TABLE `serial_opens`;--> statement-breakpoint
ALTER TABLE `__new_serial_opens` RENAME TO `serial_opens`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `serial_opens_item_at_idx` ON `serial_opens` (`batch_id`,`seq`,`at`);--> statement-breakpoint
CREATE INDEX `serial_opens_company_at_idx` ON `serial_opens` (`company_id`,`at`);--> statement-breakpoint
CREATE INDEX `serial_opens_at_idx` ON `serial_opens` (`at`);--> statement-breakpoint
CREATE TABLE `__new_serial_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`batch_id` integer,
	`seq` integer,
	`serial_text` text NOT NULL,
	`shop_name` text NOT NULL,
	`photo` text,
	`province` text,
	`province_approximate` integer DEFAULT true NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`batch_id`) REFERENCES `serial_batches`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
INSERT INTO `__new_serial_reports`("id", "company_id", "batch_id", "seq", "serial_text", "shop_name", "photo", "province", "province_approximate", "note", "created_at") SELECT r."id", r."company_id", s."batch_id", s."seq", r."serial_text", r."shop_name", r."photo", r."province", r."province_approximate", r."note", r."created_at" FROM `serial_reports` r LEFT JOIN `serials` s ON s."id" = r."serial_id";--> statement-breakpoint
DROP TABLE `serial_reports`;--> statement-breakpoint
ALTER TABLE `__new_serial_reports` RENAME TO `serial_reports`;--> statement-breakpoint
CREATE INDEX `serial_reports_company_created_idx` ON `serial_reports` (`company_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `__new_serial_states` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`batch_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`company_id` integer NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	`first_verified_at` integer,
	`first_province` text,
	`first_province_approximate` integer DEFAULT true NOT NULL,
	`activated_at` integer,
	`suspect_at` integer,
	`suspect_reason` text,
	FOREIGN KEY (`batch_id`) REFERENCES `serial_batches`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_serial_states`("id", "batch_id", "seq", "company_id", "count", "first_verified_at", "first_province", "first_province_approximate", "activated_at", "suspect_at", "suspect_reason") SELECT st."id", st."batch_id", s."seq", st."company_id", st."count", st."first_verified_at", st."first_province", st."first_province_approximate", st."activated_at", st."suspect_at", st."suspect_reason" FROM `serial_states` st JOIN `serials` s ON s."id" = st."serial_id";--> statement-breakpoint
DROP TABLE `serial_states`;--> statement-breakpoint
ALTER TABLE `__new_serial_states` RENAME TO `serial_states`;--> statement-breakpoint
CREATE UNIQUE INDEX `serial_states_item_unique` ON `serial_states` (`batch_id`,`seq`);--> statement-breakpoint
CREATE INDEX `serial_states_company_suspect_idx` ON `serial_states` (`company_id`,`suspect_at`);--> statement-breakpoint
CREATE TABLE `__new_serials` (
	`batch_id` integer NOT NULL,
	`seq` integer NOT NULL,
	`serial` text NOT NULL,
	PRIMARY KEY(`batch_id`, `seq`),
	FOREIGN KEY (`batch_id`) REFERENCES `serial_batches`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_serials`("batch_id", "seq", "serial") SELECT "batch_id", "seq", "serial" FROM `serials`;--> statement-breakpoint
DROP TABLE `serials`;--> statement-breakpoint
ALTER TABLE `__new_serials` RENAME TO `serials`;--> statement-breakpoint
CREATE UNIQUE INDEX `serials_serial_unique` ON `serials` (`serial`);