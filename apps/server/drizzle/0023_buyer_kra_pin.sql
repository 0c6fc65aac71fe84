ALTER TABLE "checkout_details" ADD COLUMN "kra_pin" text;--> statement-breakpoint
ALTER TABLE "checkout_details" ADD COLUMN "business_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_pin" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_name" text;