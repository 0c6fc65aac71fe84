-- Trigram matching for fast case-insensitive substring search on product titles.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
