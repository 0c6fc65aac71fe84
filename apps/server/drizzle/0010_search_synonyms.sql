CREATE TABLE "search_synonyms" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"entries" jsonb NOT NULL,
	"version" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "search_synonyms_one_row" CHECK ("search_synonyms"."id" = 1)
);
