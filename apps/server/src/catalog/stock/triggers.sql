-- The triggers the stock rules rely on, as the migrated database has them: each function as the
-- latest migration defining it wrote it, and each trigger as the latest migration creating it.
-- Nothing runs this file: migrations in drizzle/ made these, and production has them. To change
-- one, write a migration with the new definition and put the same text here;
-- triggers.test.ts fails while the two differ (it runs this file on a migrated database, in a
-- transaction it rolls back, and finds nothing changed), and while a trigger on product_variants
-- is missing here.
--
-- pg_trigger_depth() keeps the two directions (product row -> variant, variant -> product row)
-- from answering each other. Lock order: the product row, then its variants (lock.ts).

-- ## A product's row and its variants
--
-- A product inserted without variants (a seed, a test, POST /api/products) gets its one variant,
-- per statement from the transition table: a bulk seed pays one insert, not one per row. A SKU
-- already taken gets the product id appended, in both rows. (Migration 0015.)
CREATE OR REPLACE FUNCTION product_default_variants() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_variants (product_id, position, sku, price_cents, discount_bp, stock)
  SELECT i.id, 0,
    CASE WHEN row_number() OVER (PARTITION BY i.sku ORDER BY i.id) > 1
           OR EXISTS (SELECT 1 FROM product_variants v WHERE v.sku = i.sku AND v.archived_at IS NULL)
         THEN i.sku || '-' || i.id ELSE i.sku END,
    i.price_cents, i.discount_bp, i.stock
  FROM inserted_products i ORDER BY i.id;
  UPDATE products p SET sku = v.sku
  FROM inserted_products i JOIN product_variants v ON v.product_id = i.id
  WHERE p.id = i.id AND v.sku <> i.sku;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER products_default_variants AFTER INSERT ON products
  REFERENCING NEW TABLE AS inserted_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_default_variants();

-- A one-variant product's price, discount, stock or SKU written on the product row (the
-- specification's PATCH) is written on its variant too; the SKU only for a product sold as it is
-- (its variant has no option values). (Migration 0026; its trigger 0015.)
CREATE OR REPLACE FUNCTION product_single_variant_synced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  UPDATE product_variants v
  SET price_cents = NEW.price_cents, discount_bp = NEW.discount_bp, stock = NEW.stock,
      sku = CASE WHEN v.option1 IS NULL THEN NEW.sku ELSE v.sku END
  WHERE v.product_id = NEW.id AND v.archived_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM product_variants w
                    WHERE w.product_id = NEW.id AND w.archived_at IS NULL AND w.id <> v.id);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER products_single_variant_synced
  AFTER UPDATE OF price_cents, discount_bp, stock, sku ON products
  FOR EACH ROW
  WHEN (OLD.price_cents IS DISTINCT FROM NEW.price_cents OR OLD.discount_bp IS DISTINCT FROM NEW.discount_bp
        OR OLD.stock IS DISTINCT FROM NEW.stock OR OLD.sku IS DISTINCT FROM NEW.sku)
  EXECUTE FUNCTION product_single_variant_synced();

-- A variant's change reaches its product: stock is the sum over the variants on sale, price and
-- discount are the cheapest one's (the card's 'from' price), the SKU a one-variant product's when
-- it is sold as it is. Inserts have a statement trigger of their own, below. (Migration 0026;
-- its trigger 0020.)
CREATE OR REPLACE FUNCTION product_variant_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE pid integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END;
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  UPDATE products p
  SET stock = a.stock, price_cents = a.price_cents, discount_bp = a.discount_bp,
      sku = coalesce(a.sku, p.sku)
  FROM (SELECT coalesce(sum(stock), 0)::int AS stock,
               (array_agg(price_cents ORDER BY sale_price_cents, position, id))[1] AS price_cents,
               (array_agg(discount_bp ORDER BY sale_price_cents, position, id))[1] AS discount_bp,
               CASE WHEN count(*) = 1 AND bool_and(option1 IS NULL) THEN min(sku) END AS sku
        FROM product_variants WHERE product_id = pid AND archived_at IS NULL) a
  WHERE p.id = pid AND a.price_cents IS NOT NULL
    AND (p.stock, p.price_cents, p.discount_bp, p.sku)
        IS DISTINCT FROM (a.stock, a.price_cents, a.discount_bp, coalesce(a.sku, p.sku));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER product_variants_totals
  AFTER DELETE OR UPDATE OF stock, price_cents, discount_bp, sku, archived_at ON product_variants
  FOR EACH ROW EXECUTE FUNCTION product_variant_totals();

-- Variants inserted are settled once per statement, not once per row (an import's product in
-- five sizes): the per-value tallies, the category counters for values coming into stock (in key
-- order, as variant_option_stock takes them), the product's option keys, and (for statements not
-- run by another trigger) the product's totals. (Migration 0026; its trigger 0020.)
CREATE OR REPLACE FUNCTION product_variants_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Tallies of the values in stock; a tally that was 0 (or absent) brings its value into stock,
  -- which counts the product in its category's counter and adds the value to its option keys.
  -- One statement: its parts see one snapshot and each row is written once.
  WITH added AS (
    SELECT v.product_id, k AS key, count(*)::int AS n
    FROM inserted_variants v, unnest(v.option_keys) k
    WHERE v.archived_at IS NULL AND v.stock > 0
    GROUP BY v.product_id, k
  ), tallied AS (
    INSERT INTO product_option_stock AS s (product_id, key, in_stock)
    SELECT product_id, key, n FROM added ORDER BY product_id, key
    ON CONFLICT (product_id, key) DO UPDATE SET in_stock = s.in_stock + excluded.in_stock
    RETURNING s.product_id, s.key, s.in_stock
  ), newly AS (
    SELECT t.product_id, t.key FROM tallied t JOIN added a USING (product_id, key)
    WHERE t.in_stock = a.n
  ), counted AS (
    INSERT INTO option_value_counts AS c (category_id, key, products)
    SELECT p.category_id, n.key, count(*)::int
    FROM newly n JOIN products p ON p.id = n.product_id
    GROUP BY p.category_id, n.key ORDER BY p.category_id, n.key
    ON CONFLICT (category_id, key) DO UPDATE SET products = c.products + excluded.products
  )
  UPDATE products p
  SET option_keys = ARRAY(SELECT DISTINCT x FROM unnest(p.option_keys || nk.keys) x ORDER BY x)
  FROM (SELECT product_id, array_agg(key) AS keys FROM newly GROUP BY product_id) nk
  WHERE p.id = nk.product_id;

  -- The totals, once per product (a statement run by another trigger leaves them, as before).
  IF pg_trigger_depth() = 1 THEN
    UPDATE products p
    SET stock = a.stock, price_cents = a.price_cents, discount_bp = a.discount_bp,
        sku = coalesce(a.sku, p.sku)
    FROM (SELECT product_id, coalesce(sum(stock), 0)::int AS stock,
                 (array_agg(price_cents ORDER BY sale_price_cents, position, id))[1] AS price_cents,
                 (array_agg(discount_bp ORDER BY sale_price_cents, position, id))[1] AS discount_bp,
                 CASE WHEN count(*) = 1 AND bool_and(option1 IS NULL) THEN min(sku) END AS sku
          FROM product_variants
          WHERE product_id IN (SELECT DISTINCT product_id FROM inserted_variants)
            AND archived_at IS NULL
          GROUP BY product_id) a
    WHERE p.id = a.product_id
      AND (p.stock, p.price_cents, p.discount_bp, p.sku)
          IS DISTINCT FROM (a.stock, a.price_cents, a.discount_bp, coalesce(a.sku, p.sku));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER product_variants_inserted AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS inserted_variants
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_inserted();

-- A product sold in several variants: its stock, price and discount are its variants' (their sum,
-- the cheapest's). A statement writing them on the product row itself is overruled, so the row
-- never disagrees with its variants. (Migration 0017.)
CREATE OR REPLACE FUNCTION product_totals_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NEW; END IF;
  IF (SELECT count(*) FROM product_variants WHERE product_id = NEW.id AND archived_at IS NULL) > 1 THEN
    NEW.stock := OLD.stock;
    NEW.price_cents := OLD.price_cents;
    NEW.discount_bp := OLD.discount_bp;
  END IF;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER products_totals_kept BEFORE UPDATE OF stock, price_cents, discount_bp ON products
  FOR EACH ROW
  WHEN (OLD.stock IS DISTINCT FROM NEW.stock OR OLD.price_cents IS DISTINCT FROM NEW.price_cents
        OR OLD.discount_bp IS DISTINCT FROM NEW.discount_bp)
  EXECUTE FUNCTION product_totals_kept();

-- ## The option facets: values in stock
--
-- A variant coming into stock or selling out (or archived, deleted, given other values) moves
-- its product's per-value tally (product_option_stock); a tally reaching or leaving 0 moves the
-- category's counter (option_value_counts) and the product row's option_keys. Keys are taken in
-- sorted order so two transactions meet the counters in one order. Only transitions touch the
-- counters, not every sale. (Migration 0018; its trigger 0020.)
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

CREATE OR REPLACE TRIGGER product_variants_option_stock
  AFTER DELETE OR UPDATE OF stock, archived_at, option_keys ON product_variants
  FOR EACH ROW EXECUTE FUNCTION variant_option_stock();

-- A product moving to another category takes its values in stock along. (Migration 0017.)
CREATE OR REPLACE FUNCTION product_option_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE option_value_counts c SET products = c.products - 1
  FROM product_option_stock s
  WHERE s.product_id = NEW.id AND s.in_stock > 0 AND c.category_id = OLD.category_id AND c.key = s.key;
  INSERT INTO option_value_counts AS c (category_id, key, products)
  SELECT NEW.category_id, s.key, 1 FROM product_option_stock s
  WHERE s.product_id = NEW.id AND s.in_stock > 0 ORDER BY s.key
  ON CONFLICT (category_id, key) DO UPDATE SET products = c.products + 1;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER products_option_counts_moved AFTER UPDATE OF category_id ON products
  FOR EACH ROW WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id)
  EXECUTE FUNCTION product_option_counts_moved();

-- A product deleted leaves the counters first; its tallies go with it, so the variants deleted
-- after it (by cascade) find nothing left to move. (Migration 0017.)
CREATE OR REPLACE FUNCTION product_option_counts_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE option_value_counts c SET products = c.products - 1
  FROM product_option_stock s
  WHERE s.product_id = OLD.id AND s.in_stock > 0 AND c.category_id = OLD.category_id AND c.key = s.key;
  DELETE FROM product_option_stock WHERE product_id = OLD.id;
  RETURN OLD;
END $$;

CREATE OR REPLACE TRIGGER products_option_counts_deleted BEFORE DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION product_option_counts_deleted();

-- The products emptied at once: so are the counters. (Migration 0017.)
CREATE OR REPLACE FUNCTION option_counts_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM option_value_counts;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER products_option_counts_truncated AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION option_counts_truncated();
