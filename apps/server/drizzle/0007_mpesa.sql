ALTER TYPE "public"."order_status" ADD VALUE 'refund_due' BEFORE 'refunded';--> statement-breakpoint
ALTER TYPE "public"."payment_status" ADD VALUE 'refunded';--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text DEFAULT 'paypal' NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "checkout_request_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "merchant_request_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "callback_secret_hash" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "result_code" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "result_desc" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "next_query_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_reference" text;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_events_payment_idx" ON "payment_events" USING btree ("payment_id","id");--> statement-breakpoint
CREATE INDEX "payment_events_created_idx" ON "payment_events" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_checkout_request_idx" ON "payments" USING btree ("checkout_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_callback_secret_idx" ON "payments" USING btree ("callback_secret_hash");--> statement-breakpoint
CREATE INDEX "payments_next_query_idx" ON "payments" USING btree ("next_query_at");