-- The list caches' versions (0002) bumped once per statement instead of once per row (decision 171): an import
-- inserts thousands of products in a few multi-row statements (decision 167), and a row-level trigger updated
-- the same two rows of product_list_versions for each of them. A statement-level trigger reads the statement's
-- rows from its transition table and bumps each company named, and row 0, once, in company_id order (as 0002
-- does, so that writers queue on row 0 instead of deadlocking). A statement that wrote no row bumps nothing.
DROP TRIGGER IF EXISTS "products_list_version_ai" ON "products";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_list_version_ad" ON "products";
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_list_version_au" ON "products";
--> statement-breakpoint
DROP FUNCTION IF EXISTS "products_list_version_bump"();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "products_list_version_bump_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched integer[];
BEGIN
  -- Each statement names only the transition tables its trigger has (PL/pgSQL plans a statement when it runs).
  IF TG_OP = 'INSERT' THEN
    touched := ARRAY(SELECT DISTINCT company_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    touched := ARRAY(SELECT DISTINCT company_id FROM old_rows);
  ELSE
    touched := ARRAY(SELECT company_id FROM old_rows UNION SELECT company_id FROM new_rows);
  END IF;
  IF cardinality(touched) > 0 THEN
    INSERT INTO "product_list_versions" AS v ("company_id", "version")
      SELECT DISTINCT c, 1 FROM unnest(array_append(touched, 0)) AS c ORDER BY c
      ON CONFLICT ("company_id") DO UPDATE SET "version" = v."version" + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "products_list_version_ai" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "products_list_version_bump_rows"();
--> statement-breakpoint
CREATE TRIGGER "products_list_version_ad" AFTER DELETE ON "products" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "products_list_version_bump_rows"();
--> statement-breakpoint
CREATE TRIGGER "products_list_version_au" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "products_list_version_bump_rows"();
