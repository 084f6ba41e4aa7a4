DROP INDEX "candidates_search";--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "keywords" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- What a recruiter searches for beside the name, one a line in lower case: the skills' labels (from
-- the skills table: an item's own label is optional), current and desired job title, town,
-- preferred town and postcode, white space made single spaces so a quoted phrase finds them.
CREATE FUNCTION "candidate_keywords_of"("skill_ids" jsonb, "preferences" jsonb, "address" jsonb) RETURNS text LANGUAGE sql STABLE AS $$
	SELECT coalesce(lower(string_agg(btrim(regexp_replace("item", '\s+', ' ', 'g')), E'\n' ORDER BY "n")), '')
	FROM (
		SELECT s."label" AS "item", k."n" AS "n"
		FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof("skill_ids") = 'array' THEN "skill_ids" ELSE '[]'::jsonb END) WITH ORDINALITY AS k("id", "n")
		JOIN "skills" s ON s."id" = k."id"
		UNION ALL
		SELECT v."item", 100000 + v."n"
		FROM unnest(ARRAY[
			"preferences" #>> '{currentJobTitle}',
			"preferences" #>> '{desiredJobTitle}',
			"address" #>> '{city}',
			"preferences" #>> '{preferredLocation,city}',
			"address" #>> '{postCode}'
		]) WITH ORDINALITY AS v("item", "n")
	) "items"
	WHERE btrim(coalesce("item", '')) <> ''
$$;
--> statement-breakpoint
-- Written before every insert and every update of what it is made of: no write path goes around it.
CREATE FUNCTION "candidate_keywords"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE'
		AND NEW."skill_ids" IS NOT DISTINCT FROM OLD."skill_ids"
		AND NEW."preferences" IS NOT DISTINCT FROM OLD."preferences"
		AND NEW."address" IS NOT DISTINCT FROM OLD."address" THEN
		RETURN NEW;
	END IF;
	NEW."keywords" := "candidate_keywords_of"(NEW."skill_ids", NEW."preferences", NEW."address");
	RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "candidate_keywords" BEFORE INSERT OR UPDATE ON "candidates" FOR EACH ROW EXECUTE FUNCTION "candidate_keywords"();--> statement-breakpoint
-- A skill renamed: its candidates are found by the new name.
CREATE FUNCTION "skill_label_keywords"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "candidates" SET "keywords" = "candidate_keywords_of"("skill_ids", "preferences", "address")
	WHERE "skill_ids" @> jsonb_build_array(NEW."id");
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "skill_label_keywords" AFTER UPDATE OF "label" ON "skills" FOR EACH ROW WHEN (NEW."label" IS DISTINCT FROM OLD."label") EXECUTE FUNCTION "skill_label_keywords"();--> statement-breakpoint
UPDATE "candidates" SET "keywords" = "candidate_keywords_of"("skill_ids", "preferences", "address");--> statement-breakpoint
-- The search index's change log (migration 0019) also follows the keywords and what the list sorts
-- by (the address's town, the current job title, the last change).
CREATE OR REPLACE FUNCTION "candidate_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE'
		AND NEW."organisation_id" IS NOT DISTINCT FROM OLD."organisation_id"
		AND NEW."is_deleted" IS NOT DISTINCT FROM OLD."is_deleted"
		AND NEW."name" IS NOT DISTINCT FROM OLD."name"
		AND NEW."email" IS NOT DISTINCT FROM OLD."email"
		AND NEW."phone" IS NOT DISTINCT FROM OLD."phone"
		AND NEW."item_id" IS NOT DISTINCT FROM OLD."item_id"
		AND NEW."keywords" IS NOT DISTINCT FROM OLD."keywords"
		AND NEW."address" IS NOT DISTINCT FROM OLD."address"
		AND NEW."preferences" IS NOT DISTINCT FROM OLD."preferences"
		AND NEW."updated_at" IS NOT DISTINCT FROM OLD."updated_at"
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
CREATE INDEX "candidates_search" ON "candidates" USING gin ("organisation_id",("name" #>> '{fullName}'::text[]) gin_trgm_ops,"email" gin_trgm_ops,"phone" gin_trgm_ops,("item_id" #>> '{combined}'::text[]) gin_trgm_ops,"keywords" gin_trgm_ops);
