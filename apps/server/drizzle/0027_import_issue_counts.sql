ALTER TABLE "product_imports" ADD COLUMN "error_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "warning_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Imports made before kept every issue in their lists.
UPDATE "product_imports" SET "error_count" = jsonb_array_length("errors"), "warning_count" = jsonb_array_length("warnings");
