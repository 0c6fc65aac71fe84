ALTER TYPE "public"."order_status" ADD VALUE 'returned_to_sender';--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"payment_id" integer,
	"c2b_id" integer,
	"return_id" integer,
	"amount_cents" bigint NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"lines" jsonb,
	"delivery_cents" bigint DEFAULT 0 NOT NULL,
	"phone" text,
	"attempt" integer DEFAULT 1 NOT NULL,
	"request_key" text NOT NULL,
	"provider_ref" text,
	"reference" text,
	"failure" text,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"next_query_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount_cents" > 0),
	CONSTRAINT "refunds_status_check" CHECK ("refunds"."status" in ('requested', 'sent', 'confirmed', 'failed')),
	CONSTRAINT "refunds_kind_check" CHECK ("refunds"."kind" in ('goods', 'money'))
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"order_item_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"restocked" boolean,
	CONSTRAINT "return_lines_quantity_check" CHECK ("return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"resolution" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"exchange_variant_id" integer,
	"exchange_order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	CONSTRAINT "returns_status_check" CHECK ("returns"."status" in ('requested', 'approved', 'refused', 'received')),
	CONSTRAINT "returns_resolution_check" CHECK ("returns"."resolution" in ('refund', 'exchange'))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "mpesa_c2b" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_ledger" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchange_for_order_id" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_c2b_id_mpesa_c2b_id_fk" FOREIGN KEY ("c2b_id") REFERENCES "public"."mpesa_c2b"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_exchange_variant_id_product_variants_id_fk" FOREIGN KEY ("exchange_variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_exchange_order_id_orders_id_fk" FOREIGN KEY ("exchange_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_request_key_idx" ON "refunds" USING btree ("request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_in_flight_per_payment_idx" ON "refunds" USING btree ("payment_id") WHERE "refunds"."status" in ('requested', 'sent');--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_in_flight_per_c2b_idx" ON "refunds" USING btree ("c2b_id") WHERE "refunds"."status" in ('requested', 'sent');--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_next_query_idx" ON "refunds" USING btree ("next_query_at");--> statement-breakpoint
CREATE INDEX "return_lines_return_idx" ON "return_lines" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_lines_item_idx" ON "return_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_status_idx" ON "returns" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ledger" ADD CONSTRAINT "order_ledger_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_exchange_for_order_id_orders_id_fk" FOREIGN KEY ("exchange_for_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mpesa_c2b" ADD CONSTRAINT "mpesa_c2b_refund_within_amount" CHECK ("mpesa_c2b"."refunded_cents" >= 0 and "mpesa_c2b"."refunded_cents" <= "mpesa_c2b"."amount_cents");--> statement-breakpoint
-- What came in, for every payment (only Paybill/Till payments counted it before), and what a
-- refund made before this went back: the check below holds for old payments too.
UPDATE "payments" SET "received_cents" = "amount_cents"
WHERE "status"::text IN ('captured', 'refunded') AND "method" <> 'mpesa_paybill' AND "received_cents" = 0;--> statement-breakpoint
UPDATE "payments" SET "refunded_cents" = "received_cents" WHERE "status"::text = 'refunded';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_within_received" CHECK ("payments"."refunded_cents" >= 0 and "payments"."refunded_cents" <= "payments"."received_cents");