-- Codes are case-insensitive and stored folded to lower case (decision 084). Existing rows are folded
-- first; where two codes differ only by case, the OLDEST row (lowest id) keeps the folded code and each
-- later one becomes `<folded>-<id>` (its product's code with it), so no row is lost and its owner can
-- see the new code and reprint it.
CREATE TEMP TABLE `folded_codes` AS
  SELECT s.`id` AS `link_id`, s.`code` AS `old_code`,
    CASE WHEN EXISTS (SELECT 1 FROM `short_links` o WHERE lower(o.`code`) = lower(s.`code`) AND o.`id` < s.`id`)
      THEN lower(s.`code`) || '-' || s.`id` ELSE lower(s.`code`) END AS `new_code`
  FROM `short_links` s;--> statement-breakpoint
DELETE FROM `folded_codes` WHERE `new_code` = `old_code`;--> statement-breakpoint
CREATE TEMP TABLE `folded_products` AS
  SELECT p.`id` AS `product_id`, f.`new_code` FROM `products` p JOIN `folded_codes` f ON f.`old_code` = p.`qr_code`;--> statement-breakpoint
-- Through a placeholder first: a row renamed to a code another row still holds would break uniqueness mid-way.
UPDATE `short_links` SET `code` = '~fold~' || `id` WHERE `id` IN (SELECT `link_id` FROM `folded_codes`);--> statement-breakpoint
UPDATE `short_links` SET `code` = (SELECT `new_code` FROM `folded_codes` WHERE `link_id` = `short_links`.`id`)
  WHERE `id` IN (SELECT `link_id` FROM `folded_codes`);--> statement-breakpoint
UPDATE `products` SET `qr_code` = '~fold~' || `id` WHERE `id` IN (SELECT `product_id` FROM `folded_products`);--> statement-breakpoint
UPDATE `products` SET `qr_code` = (SELECT `new_code` FROM `folded_products` WHERE `product_id` = `products`.`id`)
  WHERE `id` IN (SELECT `product_id` FROM `folded_products`);--> statement-breakpoint
-- A product code without a short-link row (older data): folded, or `<folded>-p<id>` when taken.
UPDATE `products` SET `qr_code` = CASE
    WHEN EXISTS (SELECT 1 FROM `products` o WHERE lower(o.`qr_code`) = lower(`products`.`qr_code`) AND o.`id` <> `products`.`id`)
    THEN lower(`qr_code`) || '-p' || `id` ELSE lower(`qr_code`) END
  WHERE `qr_code` <> lower(`qr_code`);--> statement-breakpoint
DROP TABLE `folded_codes`;--> statement-breakpoint
DROP TABLE `folded_products`;--> statement-breakpoint
CREATE UNIQUE INDEX `products_qr_code_folded_unique` ON `products` (lower("qr_code"));--> statement-breakpoint
CREATE UNIQUE INDEX `short_links_code_folded_unique` ON `short_links` (lower("code"));
