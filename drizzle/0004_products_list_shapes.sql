CREATE INDEX `products_status_name_idx` ON `products` (`status`,`name`);--> statement-breakpoint
CREATE INDEX `products_category_name_idx` ON `products` (`category`,`name`);--> statement-breakpoint
-- The list's caches (totals and ordered ids of a search, server/services/products/list.ts) are valid
-- while the products they counted have not changed. Every write to products, from any connection or
-- script, bumps its company's row and row 0 (every company) here in the same transaction; a cached
-- entry remembers the version it was computed at. Not in the drizzle schema (like products_fts): it
-- is maintained by these triggers only.
CREATE TABLE `product_list_versions` (`company_id` integer PRIMARY KEY NOT NULL, `version` integer NOT NULL);
--> statement-breakpoint
INSERT INTO product_list_versions(company_id, version) VALUES (0, 1);
--> statement-breakpoint
CREATE TRIGGER `products_list_version_ai` AFTER INSERT ON `products` BEGIN
  INSERT INTO product_list_versions(company_id, version) VALUES (0, 1), (new.company_id, 1)
    ON CONFLICT(company_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `products_list_version_ad` AFTER DELETE ON `products` BEGIN
  INSERT INTO product_list_versions(company_id, version) VALUES (0, 1), (old.company_id, 1)
    ON CONFLICT(company_id) DO UPDATE SET version = version + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `products_list_version_au` AFTER UPDATE ON `products` BEGIN
  INSERT INTO product_list_versions(company_id, version) VALUES (0, 1), (old.company_id, 1), (new.company_id, 1)
    ON CONFLICT(company_id) DO UPDATE SET version = version + 1;
END;
