CREATE TABLE "crm_job_applications" (
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
	"candidate_id" text NOT NULL,
	"job_id" text NOT NULL,
	"client_id" text,
	"pipeline_id" text NOT NULL,
	"pipeline_current_stage" text,
	"pipeline_stage_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_personal_info_visible_to_client" boolean DEFAULT false NOT NULL,
	"joining_info" jsonb,
	"source" text DEFAULT 'MANUAL' NOT NULL,
	"board_application_id" text,
	"candidate_cv_id" text,
	"stage_entered_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_jobs" (
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
	"client_id" text,
	"title" text NOT NULL,
	"slug" text,
	"description" text,
	"content" text NOT NULL,
	"address" jsonb,
	"salaries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"job_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"industries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"work_model" text,
	"experience" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"paid_to_relocate" boolean DEFAULT false NOT NULL,
	"application_start_date" timestamp with time zone,
	"application_end_date" timestamp with time zone,
	"posted_on" timestamp with time zone,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"is_featured_job" boolean DEFAULT false NOT NULL,
	"skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"applicant_count" integer DEFAULT 0 NOT NULL,
	"meta" jsonb,
	"pipeline_id" text,
	"additional_titles" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"board_job_id" text
);
--> statement-breakpoint
CREATE TABLE "hiring_pipeline_items" (
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
	"pipeline_id" text NOT NULL,
	"title" text NOT NULL,
	"stage_type" text NOT NULL,
	"description" text,
	"order_no" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hiring_pipelines" (
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
	"title" text NOT NULL,
	"description" text,
	"system_default_pipeline" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "crm_job_applications_organisation_created" ON "crm_job_applications" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_job_applications_job_stage" ON "crm_job_applications" USING btree ("job_id","pipeline_current_stage") WHERE not "crm_job_applications"."is_deleted";--> statement-breakpoint
CREATE INDEX "crm_job_applications_candidate" ON "crm_job_applications" USING btree ("candidate_id") WHERE not "crm_job_applications"."is_deleted";--> statement-breakpoint
CREATE INDEX "crm_job_applications_stage" ON "crm_job_applications" USING btree ("pipeline_current_stage") WHERE not "crm_job_applications"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "crm_job_applications_pair" ON "crm_job_applications" USING btree ("job_id","candidate_id") WHERE not "crm_job_applications"."is_deleted";--> statement-breakpoint
CREATE UNIQUE INDEX "crm_job_applications_board_application" ON "crm_job_applications" USING btree ("board_application_id");--> statement-breakpoint
CREATE INDEX "crm_jobs_organisation_created" ON "crm_jobs" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_jobs_client" ON "crm_jobs" USING btree ("organisation_id","client_id");--> statement-breakpoint
CREATE INDEX "crm_jobs_pipeline" ON "crm_jobs" USING btree ("pipeline_id");--> statement-breakpoint
CREATE UNIQUE INDEX "crm_jobs_board_job" ON "crm_jobs" USING btree ("board_job_id");--> statement-breakpoint
CREATE INDEX "hiring_pipeline_items_pipeline" ON "hiring_pipeline_items" USING btree ("pipeline_id","order_no");--> statement-breakpoint
CREATE INDEX "hiring_pipelines_organisation_created" ON "hiring_pipelines" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "hiring_pipelines_one_default" ON "hiring_pipelines" USING btree ("organisation_id") WHERE "hiring_pipelines"."system_default_pipeline" and not "hiring_pipelines"."is_deleted";