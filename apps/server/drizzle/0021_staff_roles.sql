-- Staff roles (decision record 021). Every administrator so far becomes a manager, and the first
-- of them the owner; is_admin stays, computed from the role, for the specification's API.
ALTER TABLE "users" ADD COLUMN "role" text;--> statement-breakpoint
UPDATE "users" SET "role" = 'manager' WHERE "is_admin";--> statement-breakpoint
UPDATE "users" SET "role" = 'owner' WHERE "id" = (SELECT min("id") FROM "users" WHERE "is_admin");--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "is_admin";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_admin" boolean GENERATED ALWAYS AS (role is not null) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role") WHERE role is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK (role in ('owner', 'manager', 'catalogue', 'fulfilment', 'support', 'finance'));
