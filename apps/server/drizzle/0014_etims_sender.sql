CREATE TABLE "etims_devices" (
	"branch" text PRIMARY KEY NOT NULL,
	"sdc_id" text NOT NULL,
	"mrc_no" text NOT NULL,
	"cmc_key_encrypted" text,
	"sandbox" boolean NOT NULL,
	"initialised_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "etims_items" (
	"key" text PRIMARY KEY NOT NULL,
	"item_no" serial NOT NULL,
	"item_cd" text,
	"registered" jsonb,
	"registered_at" timestamp with time zone,
	CONSTRAINT "etims_items_item_no_unique" UNIQUE("item_no")
);
--> statement-breakpoint
DROP INDEX "invoices_status_idx";--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "source" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "result_cd" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "result_msg" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "request" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "receipt" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sandbox" boolean;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "invoices_order_idx" ON "invoices" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status","next_attempt_at");