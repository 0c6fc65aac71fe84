CREATE TABLE "product_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"values" text[] NOT NULL,
	CONSTRAINT "product_options_position_check" CHECK ("product_options"."position" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"sku" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"option1" text,
	"option2" text,
	"option3" text,
	"price_cents" integer NOT NULL,
	"discount_bp" integer DEFAULT 0 NOT NULL,
	"sale_price_cents" integer GENERATED ALWAYS AS ((round(price_cents::numeric * (10000 - discount_bp) / 1000000) * 100)::integer) STORED NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"barcode" text,
	"weight_grams" integer,
	"image" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_price_check" CHECK ("product_variants"."price_cents" >= 0),
	CONSTRAINT "product_variants_discount_check" CHECK ("product_variants"."discount_bp" between 0 and 10000),
	CONSTRAINT "product_variants_stock_check" CHECK ("product_variants"."stock" >= 0)
);
--> statement-breakpoint
DROP INDEX "cart_items_user_product_idx";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD COLUMN "variant_id" integer;--> statement-breakpoint
-- Every product gets its one variant, copying its SKU, price, discount and stock. A SKU two
-- products share is told apart by the later product's id first: variant SKUs are unique.
UPDATE "products" p SET "sku" = p."sku" || '-' || p."id"
WHERE EXISTS (SELECT 1 FROM "products" q WHERE q."sku" = p."sku" AND q."id" < p."id");--> statement-breakpoint
INSERT INTO "product_variants" ("product_id", "position", "sku", "price_cents", "discount_bp", "stock")
SELECT "id", 0, "sku", "price_cents", "discount_bp", "stock" FROM "products" ORDER BY "id";--> statement-breakpoint
UPDATE "cart_items" c SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = c."product_id";--> statement-breakpoint
ALTER TABLE "cart_items" ALTER COLUMN "variant_id" SET NOT NULL;--> statement-breakpoint
UPDATE "order_items" o SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = o."product_id";--> statement-breakpoint
ALTER TABLE "product_options" ADD CONSTRAINT "product_options_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_options_product_position_idx" ON "product_options" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_idx" ON "product_variants" USING btree ("sku") WHERE "product_variants"."archived_at" is null;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_variant_idx" ON "cart_items" USING btree ("user_id","variant_id");--> statement-breakpoint
CREATE INDEX "cart_items_user_product_idx" ON "cart_items" USING btree ("user_id","product_id");;--> statement-breakpoint
-- The product row's aggregates and a one-variant product's one fact in two rows (schema.ts,
-- productVariants). pg_trigger_depth() keeps the two directions from answering each other.
--
-- A product inserted without variants (a seed, a test, POST /api/products) gets its one variant,
-- per statement from the transition table: a bulk seed pays one insert, not one per row. A SKU
-- already taken gets the product id appended, in both rows.
CREATE FUNCTION product_default_variants() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
CREATE TRIGGER products_default_variants AFTER INSERT ON products
  REFERENCING NEW TABLE AS inserted_products
  FOR EACH STATEMENT EXECUTE FUNCTION product_default_variants();--> statement-breakpoint
-- A one-variant product's price, discount, stock or SKU written on the product row (the
-- specification's PATCH) is written on its variant too.
CREATE FUNCTION product_single_variant_synced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  UPDATE product_variants v
  SET price_cents = NEW.price_cents, discount_bp = NEW.discount_bp, stock = NEW.stock, sku = NEW.sku
  WHERE v.product_id = NEW.id AND v.archived_at IS NULL
    AND NOT EXISTS (SELECT 1 FROM product_variants w
                    WHERE w.product_id = NEW.id AND w.archived_at IS NULL AND w.id <> v.id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_single_variant_synced
  AFTER UPDATE OF price_cents, discount_bp, stock, sku ON products
  FOR EACH ROW
  WHEN (OLD.price_cents IS DISTINCT FROM NEW.price_cents OR OLD.discount_bp IS DISTINCT FROM NEW.discount_bp
        OR OLD.stock IS DISTINCT FROM NEW.stock OR OLD.sku IS DISTINCT FROM NEW.sku)
  EXECUTE FUNCTION product_single_variant_synced();--> statement-breakpoint
-- A variant's change reaches its product: stock is the sum over the variants on sale, price and
-- discount are the cheapest one's (the card's 'from' price), the SKU a one-variant product's.
CREATE FUNCTION product_variant_totals() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE pid integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.product_id ELSE NEW.product_id END;
BEGIN
  IF pg_trigger_depth() > 1 THEN RETURN NULL; END IF;
  UPDATE products p
  SET stock = a.stock, price_cents = a.price_cents, discount_bp = a.discount_bp,
      sku = coalesce(a.sku, p.sku)
  FROM (SELECT coalesce(sum(stock), 0)::int AS stock,
               (array_agg(price_cents ORDER BY sale_price_cents, position, id))[1] AS price_cents,
               (array_agg(discount_bp ORDER BY sale_price_cents, position, id))[1] AS discount_bp,
               CASE WHEN count(*) = 1 THEN min(sku) END AS sku
        FROM product_variants WHERE product_id = pid AND archived_at IS NULL) a
  WHERE p.id = pid AND a.price_cents IS NOT NULL
    AND (p.stock, p.price_cents, p.discount_bp, p.sku)
        IS DISTINCT FROM (a.stock, a.price_cents, a.discount_bp, coalesce(a.sku, p.sku));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_variants_totals
  AFTER INSERT OR DELETE OR UPDATE OF stock, price_cents, discount_bp, sku, archived_at ON product_variants
  FOR EACH ROW EXECUTE FUNCTION product_variant_totals();