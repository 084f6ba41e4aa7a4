CREATE TABLE "job_search_changes" (
	"changed" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"job_id" text,
	"recruiter_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_search_changes_changed" ON "job_search_changes" USING btree ("changed");--> statement-breakpoint
CREATE INDEX "job_search_changes_at" ON "job_search_changes" USING btree ("at");--> statement-breakpoint
-- Every change to the search's rows, and every company going live or not, is noted with its
-- transaction's id: a process that has read everything before the oldest transaction still running
-- at its last look reads only what is newer (see `areas/jobs/search-index-sync.ts`).
CREATE FUNCTION "job_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'job_search' THEN
		INSERT INTO "job_search_changes" ("job_id") VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD."job_id" ELSE NEW."job_id" END);
	ELSIF TG_OP = 'DELETE' OR TG_OP = 'INSERT' OR NEW."status" IS DISTINCT FROM OLD."status" OR NEW."is_deleted" IS DISTINCT FROM OLD."is_deleted" THEN
		INSERT INTO "job_search_changes" ("recruiter_id") VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE NEW."id" END);
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "job_search_changed" AFTER INSERT OR UPDATE OR DELETE ON "job_search" FOR EACH ROW EXECUTE FUNCTION "job_search_changed"();
--> statement-breakpoint
CREATE TRIGGER "job_search_company_changed" AFTER INSERT OR UPDATE OR DELETE ON "recruiter_companies" FOR EACH ROW EXECUTE FUNCTION "job_search_changed"();
