-- The search's newest-first index carries every column of `job_search` but the search vector, so a
-- search walking it by date checks places and filters on the index alone (an index-only scan) and
-- looks a row up only for its words. Same name and key columns as the schema declares (drizzle
-- cannot declare INCLUDE), so later generated migrations leave it be.
DROP INDEX IF EXISTS "job_search_newest";--> statement-breakpoint
CREATE INDEX "job_search_newest" ON "job_search" USING btree ("is_featured_job","posted_on","job_id")
	INCLUDE ("latitude", "longitude", "recruiter_id", "application_start_date", "application_end_date", "annual_salary_min",
		"annual_salary_max", "work_model", "experience", "job_types", "industries");
