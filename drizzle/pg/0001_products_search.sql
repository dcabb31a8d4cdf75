-- Diacritic-insensitive product search on PostgreSQL (decision 153), the counterpart of SQLite's FTS5 table
-- products_fts (drizzle/0001, 0003). products.search_text is already folded by the server (lower case, tone
-- marks removed, đ -> d, shared/text.ts), so a trigram index over that one column answers "ca phe" for
-- "Cà phê" and "dak lak" for "Đắk Lắk" with no database-side folding. pg_trgm is a trusted extension
-- (PostgreSQL 13+): the database owner may create it. The search's word-start regex per word
-- (server/db/search.ts) is answered from this index; a company filter meets it through the company indexes.
-- Outside the drizzle schema, like products_fts: drizzle-kit never sees it, so never drops it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);
