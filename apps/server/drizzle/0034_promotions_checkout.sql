-- Promotions at checkout (issue 36, slice 3): the cart's coupon, each order's discounts and each line's
-- part of them (VAT, refunds and eTIMS read it), and the order's discount total.
CREATE TABLE "cart_coupons" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_discounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"promotion_id" integer NOT NULL,
	"name" text NOT NULL,
	"code" text,
	"amount_cents" bigint NOT NULL,
	"target" text NOT NULL,
	CONSTRAINT "order_discounts_target" CHECK ("order_discounts"."target" in ('items', 'delivery'))
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_coupons" ADD CONSTRAINT "cart_coupons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_discounts_order_idx" ON "order_discounts" USING btree ("order_id");