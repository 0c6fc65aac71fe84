CREATE TABLE "order_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"payment_id" integer,
	"kind" text NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"amount_cents" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mpesa_c2b" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "order_ledger" ADD CONSTRAINT "order_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ledger" ADD CONSTRAINT "order_ledger_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_ledger_order_idx" ON "order_ledger" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_ledger_payment_idx" ON "order_ledger" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_ledger_received_reference_idx" ON "order_ledger" USING btree ("reference") WHERE "order_ledger"."kind" = 'received' and "order_ledger"."reference" is not null;--> statement-breakpoint
-- Money received before the ledger: every receipt already seen is entered once, so one reference
-- pays one order from now on for old receipts too (Paybill/Till receipts first, then the payments
-- settled by a push, PayPal or on delivery that no Paybill receipt has entered).
INSERT INTO "order_ledger" ("order_id", "payment_id", "kind", "method", "reference", "amount_cents", "at")
SELECT p."order_id", c."payment_id", 'received', p."method", upper(c."trans_id"), c."amount_cents", coalesce(c."applied_at", c."received_at")
FROM "mpesa_c2b" c JOIN "payments" p ON p."id" = c."payment_id"
ORDER BY c."id"
ON CONFLICT ("reference") WHERE "kind" = 'received' and "reference" is not null DO NOTHING;--> statement-breakpoint
INSERT INTO "order_ledger" ("order_id", "payment_id", "kind", "method", "reference", "amount_cents", "at")
SELECT p."order_id", p."id", 'received', p."method", upper(p."transaction_id"), p."amount_cents", coalesce(p."captured_at", p."created_at")
FROM "payments" p
WHERE p."status"::text IN ('captured', 'refunded')
  AND NOT EXISTS (SELECT 1 FROM "order_ledger" l WHERE l."payment_id" = p."id")
ORDER BY p."id"
ON CONFLICT ("reference") WHERE "kind" = 'received' and "reference" is not null DO NOTHING;
