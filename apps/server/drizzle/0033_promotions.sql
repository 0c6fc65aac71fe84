-- Promotions (issue 36, decision record 031): coupon codes, automatic discounts and flash sales, and
-- each order's use of one (reserved with the order, used once paid, released if it fails).
CREATE TABLE "promotion_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"promotion_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'reserved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotion_uses_status" CHECK ("promotion_uses"."status" in ('reserved', 'used', 'released')),
	CONSTRAINT "promotion_uses_units" CHECK ("promotion_uses"."units" >= 0)
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"type" text NOT NULL,
	"percent_bp" integer,
	"amount_cents" bigint,
	"applies_to" jsonb,
	"counties" text[],
	"buy_quantity" integer,
	"get_quantity" integer,
	"get_percent_bp" integer,
	"sale_price_cents" bigint,
	"quantity_cap" integer,
	"min_order_cents" bigint,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"first_order_only" boolean DEFAULT false NOT NULL,
	"exclusive" boolean DEFAULT false NOT NULL,
	"combinable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "promotions_type" CHECK ("promotions"."type" in ('percent_off', 'amount_off', 'free_delivery', 'buy_x_get_y', 'sale_price')),
	CONSTRAINT "promotions_percentages" CHECK ("promotions"."percent_bp" between 1 and 10000 and "promotions"."get_percent_bp" between 1 and 10000),
	CONSTRAINT "promotions_amounts" CHECK ("promotions"."amount_cents" >= 0 and "promotions"."sale_price_cents" >= 0 and "promotions"."min_order_cents" >= 0),
	CONSTRAINT "promotions_ends_after_start" CHECK ("promotions"."ends_at" > "promotions"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_uses" ADD CONSTRAINT "promotion_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_uses_order_idx" ON "promotion_uses" USING btree ("promotion_id","order_id");--> statement-breakpoint
CREATE INDEX "promotion_uses_live_idx" ON "promotion_uses" USING btree ("promotion_id","user_id") WHERE "promotion_uses"."status" <> 'released';--> statement-breakpoint
CREATE INDEX "promotion_uses_by_order_idx" ON "promotion_uses" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_idx" ON "promotions" USING btree (upper("code")) WHERE "promotions"."deleted_at" is null;