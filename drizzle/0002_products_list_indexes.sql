DROP INDEX `products_company_category_idx`;--> statement-breakpoint
CREATE INDEX `products_name_idx` ON `products` (`name`);--> statement-breakpoint
CREATE INDEX `products_created_idx` ON `products` (`created_at`);--> statement-breakpoint
CREATE INDEX `products_updated_idx` ON `products` (`updated_at`);--> statement-breakpoint
CREATE INDEX `products_status_idx` ON `products` (`status`);--> statement-breakpoint
CREATE INDEX `products_category_created_idx` ON `products` (`category`,`created_at`);--> statement-breakpoint
CREATE INDEX `products_company_category_idx` ON `products` (`company_id`,`category`,`created_at`);