-- Hand-written parts (after the generated columns): duka_handle(), the trigger that gives every
-- product a handle from its title and id unless one is given, and the handles of the products
-- already sold, before the unique index.
CREATE TABLE "product_import_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer NOT NULL,
	"source_url" text NOT NULL,
	"line" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"dry_run" boolean NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "handle" text;--> statement-breakpoint
ALTER TABLE "product_import_images" ADD CONSTRAINT "product_import_images_import_id_product_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."product_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_import_images" ADD CONSTRAINT "product_import_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_import_images_pending_idx" ON "product_import_images" USING btree ("status","id");--> statement-breakpoint
CREATE FUNCTION duka_handle(title text, id integer) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN coalesce(nullif(trim(both '-' from left(trim(both '-' from
    regexp_replace(duka_search_text(title), '[^a-z0-9]+', '-', 'g')), 80)), ''), 'product') || '-' || id;--> statement-breakpoint
CREATE FUNCTION product_handle_given() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.handle IS NULL THEN
    NEW.handle := duka_handle(NEW.title, NEW.id);
    -- An imported product may already hold this handle: then this one gets a suffix of its own.
    IF EXISTS (SELECT 1 FROM products WHERE handle = NEW.handle) THEN
      NEW.handle := NEW.handle || '-' || substr(md5(random()::text), 1, 6);
    END IF;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_handle_given BEFORE INSERT ON products
  FOR EACH ROW EXECUTE FUNCTION product_handle_given();--> statement-breakpoint
UPDATE products SET handle = duka_handle(title, id);--> statement-breakpoint
CREATE UNIQUE INDEX "products_handle_idx" ON "products" USING btree ("handle");