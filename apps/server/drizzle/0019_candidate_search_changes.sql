CREATE TABLE "candidate_search_changes" (
	"changed" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"organisation_id" text,
	"candidate_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "candidate_search_changes_changed" ON "candidate_search_changes" USING btree ("changed");--> statement-breakpoint
CREATE INDEX "candidate_search_changes_at" ON "candidate_search_changes" USING btree ("at");--> statement-breakpoint
-- Every candidate written, with its transaction's id, when what the list searches or filters by
-- changes: a process that has read everything before the oldest transaction still running at its
-- last look reads only what is newer (see `areas/crm/candidate-search.ts`).
CREATE FUNCTION "candidate_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE'
		AND NEW."organisation_id" IS NOT DISTINCT FROM OLD."organisation_id"
		AND NEW."is_deleted" IS NOT DISTINCT FROM OLD."is_deleted"
		AND NEW."name" IS NOT DISTINCT FROM OLD."name"
		AND NEW."email" IS NOT DISTINCT FROM OLD."email"
		AND NEW."phone" IS NOT DISTINCT FROM OLD."phone"
		AND NEW."item_id" IS NOT DISTINCT FROM OLD."item_id"
		AND NEW."status" IS NOT DISTINCT FROM OLD."status"
		AND NEW."owner_id" IS NOT DISTINCT FROM OLD."owner_id"
		AND NEW."team_id" IS NOT DISTINCT FROM OLD."team_id"
		AND NEW."created_at" IS NOT DISTINCT FROM OLD."created_at"
		AND NEW."notice_period_id" IS NOT DISTINCT FROM OLD."notice_period_id"
		AND NEW."city" IS NOT DISTINCT FROM OLD."city"
		AND NEW."skill_ids" IS NOT DISTINCT FROM OLD."skill_ids"
		AND NEW."job_types" IS NOT DISTINCT FROM OLD."job_types"
		AND NEW."work_model" IS NOT DISTINCT FROM OLD."work_model" THEN
		RETURN NULL;
	END IF;
	IF TG_OP = 'DELETE' THEN
		INSERT INTO "candidate_search_changes" ("organisation_id", "candidate_id") VALUES (OLD."organisation_id", OLD."id");
	ELSE
		INSERT INTO "candidate_search_changes" ("organisation_id", "candidate_id") VALUES (NEW."organisation_id", NEW."id");
	END IF;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "candidate_search_changed" AFTER INSERT OR UPDATE OR DELETE ON "candidates" FOR EACH ROW EXECUTE FUNCTION "candidate_search_changed"();
