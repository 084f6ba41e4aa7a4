CREATE TABLE "job_applications" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" jsonb,
	"organisation_id" text,
	"owner_id" text,
	"team_id" text,
	"created_by" jsonb,
	"updated_by" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" jsonb,
	"job_id" text NOT NULL,
	"job_seeker_id" text NOT NULL,
	"recruiter_id" text NOT NULL,
	"status" text DEFAULT 'APPLIED' NOT NULL,
	"cv" jsonb,
	"cover_letter" text,
	"status_history" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_seekers" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" jsonb,
	"organisation_id" text,
	"owner_id" text,
	"team_id" text,
	"created_by" jsonb,
	"updated_by" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" jsonb,
	"user_id" text NOT NULL,
	"name" jsonb NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"cv_detail" jsonb,
	"profile_img" jsonb,
	"address" jsonb,
	"about" text,
	"linked_in_link" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"candidate_id" text,
	"preferences" jsonb,
	"skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"personal_skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"education" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"work_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"applied_job_count" integer DEFAULT 0 NOT NULL,
	"references_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" jsonb,
	"organisation_id" text,
	"owner_id" text,
	"team_id" text,
	"created_by" jsonb,
	"updated_by" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" jsonb,
	"recruiter_id" text NOT NULL,
	"company_name" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"content" text NOT NULL,
	"address" jsonb,
	"latitude" double precision,
	"longitude" double precision,
	"salaries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"annual_salary_min" double precision,
	"annual_salary_max" double precision,
	"job_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"industries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"work_model" text,
	"experience" text,
	"paid_to_relocate" boolean DEFAULT false NOT NULL,
	"application_start_date" timestamp with time zone,
	"application_end_date" timestamp with time zone,
	"posted_on" timestamp with time zone,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"is_featured_job" boolean DEFAULT false NOT NULL,
	"skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"skill_text" text,
	"applicant_count" integer DEFAULT 0 NOT NULL,
	"meta" jsonb,
	"pipeline_id" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english', coalesce("title", '')), 'A') ||
      setweight(to_tsvector('english', coalesce("company_name", '') || ' ' || coalesce("skill_text", '')), 'B') ||
      setweight(to_tsvector('english', coalesce("description", '')), 'C') ||
      setweight(to_tsvector('english', regexp_replace(coalesce("content", ''), '<[^>]*>', ' ', 'g')), 'D')) STORED
);
--> statement-breakpoint
CREATE TABLE "recruiter_companies" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" jsonb,
	"organisation_id" text,
	"owner_id" text,
	"team_id" text,
	"created_by" jsonb,
	"updated_by" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" jsonb,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"about_us" text,
	"recruiter_type" text DEFAULT 'COMPANY' NOT NULL,
	"linked_in_link" text,
	"website" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"profile_img" jsonb,
	"location" jsonb,
	"industries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"social_media" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"id" text PRIMARY KEY NOT NULL,
	"job_seeker_id" text NOT NULL,
	"job_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "industries" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" jsonb,
	"organisation_id" text,
	"owner_id" text,
	"team_id" text,
	"created_by" jsonb,
	"updated_by" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" jsonb,
	"label" text NOT NULL,
	"value" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_titles" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" jsonb,
	"organisation_id" text,
	"owner_id" text,
	"team_id" text,
	"created_by" jsonb,
	"updated_by" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" jsonb,
	"label" text NOT NULL,
	"value" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"industry_id" text
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" jsonb,
	"organisation_id" text,
	"owner_id" text,
	"team_id" text,
	"created_by" jsonb,
	"updated_by" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" jsonb,
	"label" text NOT NULL,
	"value" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"code" text,
	"native_name" text
);
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" text PRIMARY KEY NOT NULL,
	"item_id" jsonb,
	"organisation_id" text,
	"owner_id" text,
	"team_id" text,
	"created_by" jsonb,
	"updated_by" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"is_deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" jsonb,
	"label" text NOT NULL,
	"value" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"industry_id" text,
	"is_new" boolean DEFAULT false NOT NULL,
	"type" text DEFAULT 'HARD' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "job_applications_once" ON "job_applications" USING btree ("job_id","job_seeker_id") WHERE not "job_applications"."is_deleted";--> statement-breakpoint
CREATE INDEX "job_applications_job" ON "job_applications" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "job_applications_seeker" ON "job_applications" USING btree ("job_seeker_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_seekers_user" ON "job_seekers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "job_seekers_created" ON "job_seekers" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_slug_live" ON "jobs" USING btree ("slug") WHERE not "jobs"."is_deleted";--> statement-breakpoint
CREATE INDEX "jobs_search" ON "jobs" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "jobs_public" ON "jobs" USING btree ("status","is_featured_job","posted_on") WHERE not "jobs"."is_deleted";--> statement-breakpoint
CREATE INDEX "jobs_location" ON "jobs" USING btree ("latitude","longitude") WHERE "jobs"."status" = 'PUBLISHED' and not "jobs"."is_deleted";--> statement-breakpoint
CREATE INDEX "jobs_owner" ON "jobs" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "recruiter_companies_user" ON "recruiter_companies" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recruiter_companies_slug_live" ON "recruiter_companies" USING btree ("slug") WHERE not "recruiter_companies"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "wishlist_items_once" ON "wishlist_items" USING btree ("job_seeker_id","job_id");--> statement-breakpoint
CREATE UNIQUE INDEX "industries_value_live" ON "industries" USING btree ("value") WHERE not "industries"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "job_titles_value_live" ON "job_titles" USING btree ("value") WHERE not "job_titles"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "languages_value_live" ON "languages" USING btree ("value") WHERE not "languages"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "skills_value_live" ON "skills" USING btree ("value") WHERE not "skills"."is_deleted";