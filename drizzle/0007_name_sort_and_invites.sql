-- name_sort holds shared/sort-key.ts's key of the name (decision 085): rows that exist now keep the default
-- '' here and get their key at the next start (server/db/name-sort.ts), because the key is computed
-- by the app, not by SQL.
DROP INDEX `products_company_name_idx`;--> statement-breakpoint
DROP INDEX `products_name_idx`;--> statement-breakpoint
DROP INDEX `products_status_name_idx`;--> statement-breakpoint
DROP INDEX `products_category_name_idx`;--> statement-breakpoint
ALTER TABLE `products` ADD `name_sort` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `products_company_name_idx` ON `products` (`company_id`,`name_sort`);--> statement-breakpoint
CREATE INDEX `products_name_idx` ON `products` (`name_sort`);--> statement-breakpoint
CREATE INDEX `products_status_name_idx` ON `products` (`status`,`name_sort`);--> statement-breakpoint
CREATE INDEX `products_category_name_idx` ON `products` (`category`,`name_sort`);--> statement-breakpoint
ALTER TABLE `companies` ADD `name_sort` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `companies_name_sort_idx` ON `companies` (`name_sort`);--> statement-breakpoint
ALTER TABLE `users` ADD `name_sort` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `users` ADD `invited_at` integer;--> statement-breakpoint
CREATE INDEX `users_name_sort_idx` ON `users` (`name_sort`);--> statement-breakpoint
CREATE INDEX `users_company_name_sort_idx` ON `users` (`company_id`,`name_sort`);