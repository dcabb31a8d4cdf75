CREATE TABLE `lot_event_objects` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`lot_event_id` integer NOT NULL,
	`company_id` integer NOT NULL,
	`list` text NOT NULL,
	`identifier` text NOT NULL,
	`gtin` text,
	`lot_code` text,
	`serial` text,
	`quantity` real,
	`uom` text,
	FOREIGN KEY (`lot_event_id`) REFERENCES `lot_events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`company_id`) REFERENCES `companies`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `lot_event_objects_event_idx` ON `lot_event_objects` (`lot_event_id`);--> statement-breakpoint
CREATE INDEX `lot_event_objects_item_idx` ON `lot_event_objects` (`company_id`,`gtin`,`lot_code`);--> statement-breakpoint
ALTER TABLE `lot_events` ADD `event_id` text;--> statement-breakpoint
ALTER TABLE `lot_events` ADD `event_hash` text;--> statement-breakpoint
ALTER TABLE `lot_events` ADD `epcis` text;--> statement-breakpoint
ALTER TABLE `lot_events` ADD `epcis_context` text;--> statement-breakpoint
-- Every step already recorded gets the urn:uuid (version 4) eventID a new step gets when it is made
-- (decision 193), so that its exports name it the same way from now on.
UPDATE `lot_events` SET `event_id` = 'urn:uuid:' || lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2)))
  || '-4' || substr(lower(hex(randomblob(2))), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1)
  || substr(lower(hex(randomblob(2))), 2) || '-' || lower(hex(randomblob(6))) WHERE `event_id` IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX `lot_events_event_id_unique` ON `lot_events` (`lot_id`,`event_id`);--> statement-breakpoint
CREATE INDEX `lot_events_event_hash_idx` ON `lot_events` (`lot_id`,`event_hash`);