ALTER TYPE "public"."payment_status" ADD VALUE 'capturing' BEFORE 'captured';--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "capture_started_at" timestamp with time zone;