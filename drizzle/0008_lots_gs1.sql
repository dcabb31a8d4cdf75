CREATE TABLE `lot_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lot_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`position` integer NOT NULL,
	`activity` text NOT NULL,
	`location` text DEFAULT '' NOT NULL,
	`date` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`biz_step` text,
	`gln` text,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lot_events_lot_idx` ON `lot_events` (`lot_id`,`position`);--> statement-breakpoint
CREATE TABLE `lots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`product_id` integer NOT NULL,
	`code` text NOT NULL,
	`production_date` text,
	`expiry_date` text,
	`expiry_kind` text DEFAULT 'EXPIRY' NOT NULL,
	`quantity` real,
	`unit` text,
	`recalled_at` integer,
	`recall_reason` text,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`product_id`) REFERENCES `products`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lots_product_code_unique` ON `lots` (`product_id`,`code`);--> statement-breakpoint
CREATE INDEX `lots_company_product_idx` ON `lots` (`company_id`,`product_id`);--> statement-breakpoint
ALTER TABLE `companies` ADD `tax_code` text;--> statement-breakpoint
ALTER TABLE `companies` ADD `gln` text;--> statement-breakpoint
ALTER TABLE `companies` ADD `digital_link_qr` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `gtin` text;--> statement-breakpoint
ALTER TABLE `products` ADD `brand` text;--> statement-breakpoint
ALTER TABLE `products` ADD `standards` text;--> statement-breakpoint
ALTER TABLE `products` ADD `shelf_life` text;--> statement-breakpoint
CREATE UNIQUE INDEX `products_gtin_unique` ON `products` (`gtin`) WHERE "products"."gtin" IS NOT NULL;--> statement-breakpoint
ALTER TABLE `short_links` ADD `lot_id` integer REFERENCES lots(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `tracking_entries` ADD `biz_step` text;--> statement-breakpoint
ALTER TABLE `tracking_entries` ADD `gln` text;--> statement-breakpoint
ALTER TABLE `scan_events` ADD `lot_id` integer REFERENCES lots(id) ON DELETE set null;