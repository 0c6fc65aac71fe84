ALTER TABLE "categories" ADD COLUMN "item_class_code" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_type" text DEFAULT 'B' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prices_include_vat" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_type" text DEFAULT 'B' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "item_class_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tax_type" CHECK ("products"."tax_type" in ('A', 'B', 'C', 'D', 'E'));