-- A product's own SKU and its one variant's are one fact only for a product sold as it is (its
-- variant has no option values). A product in sizes keeps its own SKU, the base its variants'
-- SKUs are made from, even while it has one variant on sale: replacing its options retires the
-- old variants one at a time, and the last one left used to hand the product its SKU
-- (MEN-BAT-0021 became MEN-BAT-0021-45), which every later variant was then named after.
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
END $$;--> statement-breakpoint
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
END $$;--> statement-breakpoint
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
