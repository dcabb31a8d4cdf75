CREATE TABLE `lot_eudr` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lot_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`dds_reference` text DEFAULT '' NOT NULL,
	`dds_verification` text DEFAULT '' NOT NULL,
	`hs_code` text DEFAULT '' NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`net_mass_kg` text DEFAULT '' NOT NULL,
	`production_from` text,
	`production_to` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lot_eudr_lot_unique` ON `lot_eudr` (`lot_id`);--> statement-breakpoint
CREATE TABLE `lot_plots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`lot_id` integer NOT NULL,
	`plot_id` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`lot_id`) REFERENCES `lots`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`plot_id`) REFERENCES `plots`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `lot_plots_lot_plot_unique` ON `lot_plots` (`lot_id`,`plot_id`);--> statement-breakpoint
CREATE INDEX `lot_plots_plot_idx` ON `lot_plots` (`plot_id`);--> statement-breakpoint
CREATE TABLE `plots` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`company_id` integer NOT NULL,
	`name` text NOT NULL,
	`name_sort` text DEFAULT '' NOT NULL,
	`producer_name` text DEFAULT '' NOT NULL,
	`producer_public` integer DEFAULT false NOT NULL,
	`country` text DEFAULT 'VN' NOT NULL,
	`province` text DEFAULT '' NOT NULL,
	`planting_area_code` text DEFAULT '' NOT NULL,
	`packing_house_code` text DEFAULT '' NOT NULL,
	`crop` text DEFAULT '' NOT NULL,
	`area_ha` real,
	`area_ha_geodesic` real,
	`geometry` text NOT NULL,
	`warnings` text DEFAULT '[]' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `plots_company_name_idx` ON `plots` (`company_id`,`name_sort`,`id`);