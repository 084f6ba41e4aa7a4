CREATE TABLE "job_search" (
	"job_id" text PRIMARY KEY NOT NULL,
	"recruiter_id" text NOT NULL,
	"is_featured_job" boolean NOT NULL,
	"posted_on" timestamp with time zone,
	"application_start_date" timestamp with time zone,
	"application_end_date" timestamp with time zone,
	"latitude" double precision,
	"longitude" double precision,
	"annual_salary_min" double precision,
	"annual_salary_max" double precision,
	"job_types" jsonb NOT NULL,
	"industries" jsonb NOT NULL,
	"work_model" text,
	"experience" text,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_search_words" ON "job_search" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "job_search_newest" ON "job_search" USING btree ("is_featured_job","posted_on","job_id");--> statement-breakpoint
CREATE INDEX "job_search_location" ON "job_search" USING btree ("latitude","longitude");--> statement-breakpoint
-- The search's copy of a job follows every write to the job, in the same transaction: a published,
-- live job has its row (inserted or brought up to date), any other job has none.
CREATE FUNCTION "job_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' OR NEW."status" <> 'PUBLISHED' OR NEW."is_deleted" THEN
		IF TG_OP <> 'INSERT' THEN
			DELETE FROM "job_search" WHERE "job_id" = OLD."id";
		END IF;
		RETURN NULL;
	END IF;
	INSERT INTO "job_search" ("job_id", "recruiter_id", "is_featured_job", "posted_on", "application_start_date", "application_end_date",
		"latitude", "longitude", "annual_salary_min", "annual_salary_max", "job_types", "industries", "work_model", "experience", "search_vector")
	VALUES (NEW."id", NEW."recruiter_id", NEW."is_featured_job", NEW."posted_on", NEW."application_start_date", NEW."application_end_date",
		NEW."latitude", NEW."longitude", NEW."annual_salary_min", NEW."annual_salary_max", NEW."job_types", NEW."industries", NEW."work_model",
		NEW."experience", NEW."search_vector")
	ON CONFLICT ("job_id") DO UPDATE SET
		"recruiter_id" = excluded."recruiter_id", "is_featured_job" = excluded."is_featured_job", "posted_on" = excluded."posted_on",
		"application_start_date" = excluded."application_start_date", "application_end_date" = excluded."application_end_date",
		"latitude" = excluded."latitude", "longitude" = excluded."longitude", "annual_salary_min" = excluded."annual_salary_min",
		"annual_salary_max" = excluded."annual_salary_max", "job_types" = excluded."job_types", "industries" = excluded."industries",
		"work_model" = excluded."work_model", "experience" = excluded."experience", "search_vector" = excluded."search_vector";
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "job_search_sync" AFTER INSERT OR UPDATE OR DELETE ON "jobs" FOR EACH ROW EXECUTE FUNCTION "job_search_sync"();
--> statement-breakpoint
INSERT INTO "job_search" ("job_id", "recruiter_id", "is_featured_job", "posted_on", "application_start_date", "application_end_date",
	"latitude", "longitude", "annual_salary_min", "annual_salary_max", "job_types", "industries", "work_model", "experience", "search_vector")
SELECT "id", "recruiter_id", "is_featured_job", "posted_on", "application_start_date", "application_end_date", "latitude", "longitude",
	"annual_salary_min", "annual_salary_max", "job_types", "industries", "work_model", "experience", "search_vector"
FROM "jobs" WHERE "status" = 'PUBLISHED' AND NOT "is_deleted";
