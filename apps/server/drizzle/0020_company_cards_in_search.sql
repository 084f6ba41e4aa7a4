-- Search results show each company's card (name, slug, logo, verified) from the search's own
-- memory: a change to any of them is noted too, so every process shows it in its next search.
CREATE OR REPLACE FUNCTION "job_search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_TABLE_NAME = 'job_search' THEN
		INSERT INTO "job_search_changes" ("job_id") VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD."job_id" ELSE NEW."job_id" END);
	ELSIF TG_OP = 'DELETE' OR TG_OP = 'INSERT' OR NEW."status" IS DISTINCT FROM OLD."status" OR NEW."is_deleted" IS DISTINCT FROM OLD."is_deleted"
		OR NEW."name" IS DISTINCT FROM OLD."name" OR NEW."slug" IS DISTINCT FROM OLD."slug"
		OR NEW."profile_img" IS DISTINCT FROM OLD."profile_img" OR NEW."is_verified" IS DISTINCT FROM OLD."is_verified" THEN
		INSERT INTO "job_search_changes" ("recruiter_id") VALUES (CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE NEW."id" END);
	END IF;
	RETURN NULL;
END;
$$;
