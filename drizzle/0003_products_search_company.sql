-- Product search scoped by company INSIDE the full-text index. 0001 indexed search_text alone, so a
-- company's search matched every company's rows first (a prefix like "ca"* hits tens of thousands)
-- and filtered by company after. Here each row also carries its company as a token ('c' ||
-- company_id, e.g. 'c123') in its own column, and a company search is
-- `company_key:c123 AND search_text:(...)`: FTS5 walks the company's short doclist, not everyone's.
-- The table is contentless (content='') because products has no company_key column to point at;
-- contentless_delete=1 (SQLite >= 3.43) lets the triggers delete by rowid. Only rowids are read back.
-- prefix='1 2 3': the list's search is one prefix term per word ("ca"*, "phe"*); these indexes answer
-- short prefixes from one doclist instead of merging every term that starts with them.
DROP TRIGGER IF EXISTS `products_fts_ai`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_ad`;
--> statement-breakpoint
DROP TRIGGER IF EXISTS `products_fts_au`;
--> statement-breakpoint
DROP TABLE IF EXISTS `products_fts`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `products_fts` USING fts5(company_key, search_text, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='1 2 3');
--> statement-breakpoint
CREATE TRIGGER `products_fts_ai` AFTER INSERT ON `products` BEGIN
  INSERT INTO products_fts(rowid, company_key, search_text) VALUES (new.id, 'c' || new.company_id, new.search_text);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_ad` AFTER DELETE ON `products` BEGIN
  DELETE FROM products_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_au` AFTER UPDATE OF search_text, company_id ON `products` BEGIN
  DELETE FROM products_fts WHERE rowid = old.id;
  INSERT INTO products_fts(rowid, company_key, search_text) VALUES (new.id, 'c' || new.company_id, new.search_text);
END;
--> statement-breakpoint
INSERT INTO products_fts(rowid, company_key, search_text) SELECT id, 'c' || company_id, search_text FROM products;
--> statement-breakpoint
-- One b-tree segment after the bulk load: queries then read one doclist per term.
INSERT INTO products_fts(products_fts) VALUES ('optimize');
