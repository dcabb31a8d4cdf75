-- The list caches' versions on PostgreSQL (decision 153), the counterpart of drizzle/0004: every write to
-- products, from any instance or script, bumps its company's row and row 0 (every company) in the same
-- transaction; a cached entry remembers the version it was computed at. Not in the drizzle schema: it is
-- maintained by this trigger only. bigint like SQLite's 64-bit integer (pg hands it over as a string).
-- Rows are bumped in company_id order, row 0 first, so two transactions writing products of several
-- companies queue on row 0 instead of deadlocking; DISTINCT because one INSERT ... ON CONFLICT may not
-- update a row twice (an update that keeps the company names it twice).
CREATE TABLE IF NOT EXISTS "product_list_versions" ("company_id" integer PRIMARY KEY NOT NULL, "version" bigint NOT NULL);
--> statement-breakpoint
INSERT INTO "product_list_versions" ("company_id", "version") VALUES (0, 1) ON CONFLICT ("company_id") DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "products_list_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY[0, NEW.company_id];
  ELSIF TG_OP = 'DELETE' THEN
    touched := ARRAY[0, OLD.company_id];
  ELSE
    touched := ARRAY[0, OLD.company_id, NEW.company_id];
  END IF;
  INSERT INTO "product_list_versions" AS v ("company_id", "version")
    SELECT DISTINCT c, 1 FROM unnest(touched) AS c ORDER BY c
    ON CONFLICT ("company_id") DO UPDATE SET "version" = v."version" + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_list_version_ai" AFTER INSERT ON "products" FOR EACH ROW EXECUTE FUNCTION "products_list_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "products_list_version_ad" AFTER DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION "products_list_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "products_list_version_au" AFTER UPDATE ON "products" FOR EACH ROW EXECUTE FUNCTION "products_list_version_bump"();
