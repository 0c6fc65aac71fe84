CREATE TABLE "option_value_counts" (
	"category_id" integer NOT NULL,
	"key" text NOT NULL,
	"products" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "option_value_counts_category_id_key_pk" PRIMARY KEY("category_id","key")
);
--> statement-breakpoint
CREATE TABLE "product_option_stock" (
	"product_id" integer NOT NULL,
	"key" text NOT NULL,
	"in_stock" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_option_stock_product_id_key_pk" PRIMARY KEY("product_id","key")
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "option_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "option_value_counts" ADD CONSTRAINT "option_value_counts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_option_stock" ADD CONSTRAINT "product_option_stock_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;;--> statement-breakpoint
-- Listings filtered by option values: the variants in stock with all of them, by a GIN index.
CREATE INDEX "product_variants_option_keys_idx" ON "product_variants" USING gin ("option_keys")
  WHERE "archived_at" IS NULL AND "stock" > 0;--> statement-breakpoint
-- Variants made before this migration: their keys from their product's options.
UPDATE "product_variants" v SET "option_keys" = array_remove(ARRAY[
  (SELECT o.name || '=' || v.option1 FROM product_options o WHERE o.product_id = v.product_id AND o.position = 1),
  (SELECT o.name || '=' || v.option2 FROM product_options o WHERE o.product_id = v.product_id AND o.position = 2),
  (SELECT o.name || '=' || v.option3 FROM product_options o WHERE o.product_id = v.product_id AND o.position = 3)
], NULL)
WHERE EXISTS (SELECT 1 FROM product_options o WHERE o.product_id = v.product_id);--> statement-breakpoint
INSERT INTO "product_option_stock" (product_id, key, in_stock)
SELECT v.product_id, k, count(*)::int FROM product_variants v, unnest(v.option_keys) k
WHERE v.archived_at IS NULL AND v.stock > 0 GROUP BY v.product_id, k;--> statement-breakpoint
INSERT INTO "option_value_counts" (category_id, key, products)
SELECT p.category_id, s.key, count(*)::int FROM product_option_stock s JOIN products p ON p.id = s.product_id
WHERE s.in_stock > 0 GROUP BY p.category_id, s.key;--> statement-breakpoint
-- A variant coming into stock or selling out (or made, archived, deleted, given other values)
-- moves its product's per-value tally; a tally reaching or leaving 0 moves the category's
-- counter. Keys are taken in sorted order so two transactions meet the counters in one order.
-- Only transitions touch the counters, not every sale.
CREATE FUNCTION variant_option_stock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was boolean := TG_OP <> 'INSERT' AND OLD.archived_at IS NULL AND OLD.stock > 0;
  is_now boolean := TG_OP <> 'DELETE' AND NEW.archived_at IS NULL AND NEW.stock > 0;
  old_keys text[] := CASE WHEN TG_OP = 'INSERT' THEN '{}'::text[] ELSE OLD.option_keys END;
  new_keys text[] := CASE WHEN TG_OP = 'DELETE' THEN '{}'::text[] ELSE NEW.option_keys END;
  pid integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END;
  k text;
  n integer;
BEGIN
  IF cardinality(old_keys) = 0 AND cardinality(new_keys) = 0 THEN RETURN NULL; END IF;
  IF was = is_now AND old_keys = new_keys THEN RETURN NULL; END IF;
  IF was THEN
    FOREACH k IN ARRAY (SELECT coalesce(array_agg(x ORDER BY x), '{}') FROM unnest(old_keys) x) LOOP
      UPDATE product_option_stock SET in_stock = in_stock - 1
      WHERE product_id = pid AND key = k RETURNING in_stock INTO n;
      IF FOUND AND n = 0 THEN
        UPDATE option_value_counts c SET products = c.products - 1
        FROM products p WHERE p.id = pid AND c.category_id = p.category_id AND c.key = k;
      END IF;
    END LOOP;
  END IF;
  IF is_now THEN
    FOREACH k IN ARRAY (SELECT coalesce(array_agg(x ORDER BY x), '{}') FROM unnest(new_keys) x) LOOP
      INSERT INTO product_option_stock AS s (product_id, key, in_stock) VALUES (pid, k, 1)
      ON CONFLICT (product_id, key) DO UPDATE SET in_stock = s.in_stock + 1
      RETURNING in_stock INTO n;
      IF n = 1 THEN
        INSERT INTO option_value_counts AS c (category_id, key, products)
        SELECT p.category_id, k, 1 FROM products p WHERE p.id = pid
        ON CONFLICT (category_id, key) DO UPDATE SET products = c.products + 1;
      END IF;
    END LOOP;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_variants_option_stock
  AFTER INSERT OR DELETE OR UPDATE OF stock, archived_at, option_keys ON product_variants
  FOR EACH ROW EXECUTE FUNCTION variant_option_stock();--> statement-breakpoint
-- A product moving to another category takes its values in stock along.
CREATE FUNCTION product_option_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE option_value_counts c SET products = c.products - 1
  FROM product_option_stock s
  WHERE s.product_id = NEW.id AND s.in_stock > 0 AND c.category_id = OLD.category_id AND c.key = s.key;
  INSERT INTO option_value_counts AS c (category_id, key, products)
  SELECT NEW.category_id, s.key, 1 FROM product_option_stock s
  WHERE s.product_id = NEW.id AND s.in_stock > 0 ORDER BY s.key
  ON CONFLICT (category_id, key) DO UPDATE SET products = c.products + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_option_counts_moved AFTER UPDATE OF category_id ON products
  FOR EACH ROW WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id)
  EXECUTE FUNCTION product_option_counts_moved();--> statement-breakpoint
-- A product deleted leaves the counters first; its tallies go with it, so the variants deleted
-- after it (by cascade) find nothing left to move.
CREATE FUNCTION product_option_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE option_value_counts c SET products = c.products - 1
  FROM product_option_stock s
  WHERE s.product_id = OLD.id AND s.in_stock > 0 AND c.category_id = OLD.category_id AND c.key = s.key;
  DELETE FROM product_option_stock WHERE product_id = OLD.id;
  RETURN OLD;
END $$;--> statement-breakpoint
CREATE TRIGGER products_option_counts_deleted BEFORE DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION product_option_counts_deleted();
;--> statement-breakpoint
CREATE FUNCTION option_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM option_value_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_option_counts_truncated AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION option_counts_truncated();
;--> statement-breakpoint
-- A product sold in several variants: its stock, price and discount are its variants' (their sum,
-- the cheapest's). A statement writing them on the product row itself is overruled, so the row
-- never disagrees with its variants.
CREATE FUNCTION product_totals_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NEW; END IF;
  IF (SELECT count(*) FROM product_variants WHERE product_id = NEW.id AND archived_at IS NULL) > 1 THEN
    NEW.stock := OLD.stock;
    NEW.price_cents := OLD.price_cents;
    NEW.discount_bp := OLD.discount_bp;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_totals_kept BEFORE UPDATE OF stock, price_cents, discount_bp ON products
  FOR EACH ROW
  WHEN (OLD.stock IS DISTINCT FROM NEW.stock OR OLD.price_cents IS DISTINCT FROM NEW.price_cents
        OR OLD.discount_bp IS DISTINCT FROM NEW.discount_bp)
  EXECUTE FUNCTION product_totals_kept();
