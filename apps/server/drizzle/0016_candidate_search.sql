-- The candidate search's index: trigrams (pg_trgm) behind the organisation (btree_gin). Both are
-- trusted extensions on PostgreSQL 13 and later; the embedded database loads them at start.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
CREATE INDEX "candidates_search" ON "candidates" USING gin ("organisation_id",("name" #>> '{fullName}'::text[]) gin_trgm_ops,"email" gin_trgm_ops,"phone" gin_trgm_ops,("item_id" #>> '{combined}'::text[]) gin_trgm_ops);