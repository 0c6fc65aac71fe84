-- 'kept' (an e-mail kept to read while no SMTP server is configured) becomes 'held' (waiting for a
-- transport, sent once there is one): a rename keeps every row; drizzle-kit's drop and re-create
-- of the type could not cast the rows still 'kept'.
ALTER TYPE "public"."outbox_status" RENAME VALUE 'kept' TO 'held';--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "ref_id" integer;
