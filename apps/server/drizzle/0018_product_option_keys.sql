ALTER TABLE "products" ADD COLUMN "option_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "products_option_keys_idx" ON "products" USING gin ("option_keys");;--> statement-breakpoint
UPDATE "products" p SET "option_keys" = ARRAY(
  SELECT s.key FROM product_option_stock s WHERE s.product_id = p.id AND s.in_stock > 0 ORDER BY s.key)
WHERE EXISTS (SELECT 1 FROM product_option_stock s WHERE s.product_id = p.id AND s.in_stock > 0);--> statement-breakpoint
-- As in 0017, and the product row's option_keys follow its tallies: a key is on the row while
-- some variant in stock has it.
CREATE OR REPLACE FUNCTION variant_option_stock() RETURNS trigger LANGUAGE plpgsql AS $$
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
        UPDATE products SET option_keys = array_remove(option_keys, k) WHERE id = pid;
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
        UPDATE products SET option_keys = array_append(array_remove(option_keys, k), k)
        WHERE id = pid;
      END IF;
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
;--> statement-breakpoint
-- Fresh statistics for the new column: without them the planner takes the option filter for rare.
ANALYZE "products";
