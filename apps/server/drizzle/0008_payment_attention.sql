ALTER TABLE "payments" ADD COLUMN "attention_reason" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "attention_receipt" text;