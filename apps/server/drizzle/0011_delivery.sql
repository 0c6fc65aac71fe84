ALTER TYPE "public"."order_status" ADD VALUE 'confirmed' BEFORE 'paid';--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'ready_for_pickup' BEFORE 'delivered';--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"street_address" text NOT NULL,
	"apartment_number" text,
	"city" text NOT NULL,
	"zip_code" text,
	"county_code" text,
	"phone" text,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_counties" (
	"code" text PRIMARY KEY NOT NULL,
	"fee_cents" bigint NOT NULL,
	"eta_min_days" integer NOT NULL,
	"eta_max_days" integer NOT NULL,
	"pay_on_delivery" boolean DEFAULT false NOT NULL,
	"pay_on_delivery_max_cents" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_counties_days" CHECK ("delivery_counties"."eta_min_days" >= 0 and "delivery_counties"."eta_min_days" <= "delivery_counties"."eta_max_days"),
	CONSTRAINT "delivery_counties_fee" CHECK ("delivery_counties"."fee_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" "order_status" NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" integer,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "pickup_points" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"county_code" text NOT NULL,
	"address" text NOT NULL,
	"opening_hours" text NOT NULL,
	"fee_cents" bigint NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_details" ADD COLUMN "county_code" text;--> statement-breakpoint
ALTER TABLE "checkout_details" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "checkout_details" ADD COLUMN "delivery" text DEFAULT 'home' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_details" ADD COLUMN "pickup_point_id" integer;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "county_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery" text DEFAULT 'home' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_point_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_point" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "eta_min_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "eta_max_days" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "addresses_one_default_idx" ON "addresses" USING btree ("user_id") WHERE "addresses"."is_default";--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "pickup_points_county_idx" ON "pickup_points" USING btree ("county_code","active");--> statement-breakpoint
ALTER TABLE "checkout_details" ADD CONSTRAINT "checkout_details_pickup_point_id_pickup_points_id_fk" FOREIGN KEY ("pickup_point_id") REFERENCES "public"."pickup_points"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_pickup_point_id_pickup_points_id_fk" FOREIGN KEY ("pickup_point_id") REFERENCES "public"."pickup_points"("id") ON DELETE set null ON UPDATE no action;