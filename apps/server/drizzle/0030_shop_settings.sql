-- The shop's settings (decision record 026): one row; what is not in `data` reads as its default.
-- New products no longer get a made-up warranty, shipping time or return policy.
CREATE TABLE "shop_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_settings_one_row" CHECK ("shop_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "warranty_information" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "shipping_information" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "return_policy" SET DEFAULT '';