-- Catalogue at a million products (docs/decisions/009-catalogue-at-scale.md).
-- Hand-written parts: the unaccent extension and duka_search_text() before the generated columns
-- that use them; UNLOGGED for dense_searches; the triggers, the first counts and the generation
-- row after drizzle-kit's statements.
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- The text search compares: accents removed, then lower case. unaccent() itself is only STABLE (its
-- dictionary could change), so this wrapper, resolved once here, is what columns and indexes use.
CREATE FUNCTION duka_search_text(title text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN lower(unaccent('unaccent'::regdictionary, title));--> statement-breakpoint
CREATE TABLE "catalog_generation" (
	"n" bigint NOT NULL
);
--> statement-breakpoint
-- A memo, rebuilt by searching: no write-ahead log, emptied after a crash.
CREATE UNLOGGED TABLE "dense_searches" (
	"words" text NOT NULL,
	"category" text NOT NULL,
	"brand" text NOT NULL,
	"generation" bigint NOT NULL,
	CONSTRAINT "dense_searches_words_category_brand_pk" PRIMARY KEY("words","category","brand")
);
--> statement-breakpoint
CREATE TABLE "product_counts" (
	"category_id" integer NOT NULL,
	"brand" text NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_counts_category_id_brand_pk" PRIMARY KEY("category_id","brand")
);
--> statement-breakpoint
DROP INDEX "products_title_trgm_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS (duka_search_text(title)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_words" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, duka_search_text(title))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "product_counts" ADD CONSTRAINT "product_counts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_counts_brand_idx" ON "product_counts" USING btree ("brand");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_words_idx" ON "products" USING gin ("search_words");--> statement-breakpoint
CREATE INDEX "products_search_exact_idx" ON "products" USING hash ("search_text");--> statement-breakpoint
-- A sample of 1,000 titles rather than 100: word-stats.ts tells rare words from common ones with it.
ALTER TABLE "products" ALTER COLUMN "search_text" SET STATISTICS 1000;--> statement-breakpoint
-- Counting: product_counts holds, per (category, brand), how many products there are. Inserts and
-- deletes are counted per statement from their transition tables (one upsert per pair, however many
-- rows: a bulk seed costs nothing extra per row); a change of category or brand per row, and only
-- then (the WHEN clause): stock, price and rating updates never touch the counters.
CREATE FUNCTION product_counts_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_counts AS c (category_id, brand, products)
  SELECT category_id, brand, count(*)::int FROM inserted_products
  GROUP BY category_id, brand ORDER BY category_id, brand
  ON CONFLICT (category_id, brand) DO UPDATE SET products = c.products + excluded.products;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION product_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_counts AS c SET products = c.products - d.n
  FROM (SELECT category_id, brand, count(*)::int AS n FROM deleted_products
        GROUP BY category_id, brand) AS d
  WHERE c.category_id = d.category_id AND c.brand = d.brand;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION product_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_counts SET products = products - 1
  WHERE category_id = OLD.category_id AND brand = OLD.brand;
  INSERT INTO product_counts AS c (category_id, brand, products)
  VALUES (NEW.category_id, NEW.brand, 1)
  ON CONFLICT (category_id, brand) DO UPDATE SET products = c.products + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION product_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM product_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_count_inserted AFTER INSERT ON products
  REFERENCING NEW TABLE AS inserted_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_inserted();--> statement-breakpoint
CREATE TRIGGER products_count_deleted AFTER DELETE ON products
  REFERENCING OLD TABLE AS deleted_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_deleted();--> statement-breakpoint
CREATE TRIGGER products_count_moved AFTER UPDATE OF category_id, brand ON products
  FOR EACH ROW
  WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id OR OLD.brand IS DISTINCT FROM NEW.brand)
  EXECUTE FUNCTION product_counts_moved();--> statement-breakpoint
CREATE TRIGGER products_count_truncated AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION product_counts_truncated();--> statement-breakpoint
INSERT INTO product_counts (category_id, brand, products)
SELECT category_id, brand, count(*)::int FROM products GROUP BY category_id, brand;;--> statement-breakpoint
-- The catalogue's generation: what a memo in dense_searches was computed at. Bumped, in the same
-- transaction, by what can make a search match fewer products: a delete, or a new title, category
-- or brand. New products, stock, prices and ratings leave it (and the memos) alone.
CREATE FUNCTION catalog_generation_bumped() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE catalog_generation SET n = n + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_generation_bumped
  AFTER DELETE OR TRUNCATE OR UPDATE OF title, category_id, brand ON products
  FOR EACH STATEMENT EXECUTE FUNCTION catalog_generation_bumped();--> statement-breakpoint
INSERT INTO catalog_generation (n) VALUES (0);
