CREATE TABLE "invoice_counters" (
	"branch" text PRIMARY KEY NOT NULL,
	"last_no" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"branch" text NOT NULL,
	"invoice_no" integer NOT NULL,
	"original_no" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_idx" ON "invoices" USING btree ("branch","invoice_no");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_one_sale_idx" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'S';--> statement-breakpoint
CREATE INDEX "invoices_status_idx" ON "invoices" USING btree ("status");