-- Diacritic-insensitive product search. products.search_text is already folded by the server
-- (lower case, tone marks removed, đ -> d); unicode61 remove_diacritics 2 folds again for safety.
CREATE VIRTUAL TABLE `products_fts` USING fts5(search_text, content='products', content_rowid='id', tokenize='unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE TRIGGER `products_fts_ai` AFTER INSERT ON `products` BEGIN
  INSERT INTO products_fts(rowid, search_text) VALUES (new.id, new.search_text);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_ad` AFTER DELETE ON `products` BEGIN
  INSERT INTO products_fts(products_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
END;
--> statement-breakpoint
CREATE TRIGGER `products_fts_au` AFTER UPDATE OF search_text ON `products` BEGIN
  INSERT INTO products_fts(products_fts, rowid, search_text) VALUES ('delete', old.id, old.search_text);
  INSERT INTO products_fts(rowid, search_text) VALUES (new.id, new.search_text);
END;
