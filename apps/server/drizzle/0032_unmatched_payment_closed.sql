ALTER TABLE "mpesa_c2b" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mpesa_c2b" ADD COLUMN "closed_by" integer;--> statement-breakpoint
ALTER TABLE "mpesa_c2b" ADD COLUMN "close_note" text;--> statement-breakpoint
ALTER TABLE "mpesa_c2b" ADD CONSTRAINT "mpesa_c2b_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
