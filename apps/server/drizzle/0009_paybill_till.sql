CREATE TABLE "mpesa_c2b" (
	"id" serial PRIMARY KEY NOT NULL,
	"trans_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"shortcode" text NOT NULL,
	"bill_ref" text DEFAULT '' NOT NULL,
	"msisdn" text,
	"payer_name" text,
	"paid_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"source" text DEFAULT 'confirmation' NOT NULL,
	"payment_id" integer,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mpesa_c2b_registration" (
	"shortcode" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"url_key" text DEFAULT '' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_attempt_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"registered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mpesa_statement_lines" (
	"receipt" text PRIMARY KEY NOT NULL,
	"completed_at" timestamp with time zone,
	"paid_in_cents" bigint NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"other_party" text DEFAULT '' NOT NULL,
	"account_no" text DEFAULT '' NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "received_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "overpaid_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "claimed_receipt" text;--> statement-breakpoint
ALTER TABLE "mpesa_c2b" ADD CONSTRAINT "mpesa_c2b_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mpesa_c2b_trans_idx" ON "mpesa_c2b" USING btree ("trans_id");--> statement-breakpoint
CREATE INDEX "mpesa_c2b_payment_idx" ON "mpesa_c2b" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "mpesa_c2b_unmatched_idx" ON "mpesa_c2b" USING btree ("received_at") WHERE "mpesa_c2b"."payment_id" is null;