-- Variants inserted are settled once per statement, not once per row (issue 21's import): a
-- product made in five sizes updated its product row six times through the row triggers (the
-- totals once, its option keys once per size), each update writing every index of products.
-- The row triggers keep DELETE and UPDATE; INSERT moves to one statement trigger that does the
-- same work set-based: the per-value tallies, the category counters for values coming into
-- stock (in key order, as the row trigger took them), the product's option keys, and (for
-- statements not run by another trigger, as before) the product's totals.
DROP TRIGGER product_variants_option_stock ON product_variants;--> statement-breakpoint
CREATE TRIGGER product_variants_option_stock
  AFTER DELETE OR UPDATE OF stock, archived_at, option_keys ON product_variants
  FOR EACH ROW EXECUTE FUNCTION variant_option_stock();--> statement-breakpoint
DROP TRIGGER product_variants_totals ON product_variants;--> statement-breakpoint
CREATE TRIGGER product_variants_totals
  AFTER DELETE OR UPDATE OF stock, price_cents, discount_bp, sku, archived_at ON product_variants
  FOR EACH ROW EXECUTE FUNCTION product_variant_totals();--> statement-breakpoint
CREATE FUNCTION product_variants_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
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
                 CASE WHEN count(*) = 1 THEN min(sku) END AS sku
          FROM product_variants
          WHERE product_id IN (SELECT DISTINCT product_id FROM inserted_variants)
            AND archived_at IS NULL
          GROUP BY product_id) a
    WHERE p.id = a.product_id
      AND (p.stock, p.price_cents, p.discount_bp, p.sku)
          IS DISTINCT FROM (a.stock, a.price_cents, a.discount_bp, coalesce(a.sku, p.sku));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_variants_inserted AFTER INSERT ON product_variants
  REFERENCING NEW TABLE AS inserted_variants
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_inserted();
