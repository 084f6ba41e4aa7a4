CREATE TABLE "candidate_cvs" (
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
	"job_seeker_id" text NOT NULL,
	"user_id" text,
	"cv_title" text,
	"type" text DEFAULT 'UPLOADED' NOT NULL,
	"file" jsonb,
	"document" jsonb,
	"is_default" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidate_diversity" (
	"candidate_id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"date_of_birth" text,
	"gender" text,
	"ethnic_group" text,
	"lgbtq_community" text,
	"illness_affecting" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "candidates" (
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
	"user_id" text,
	"name" jsonb NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" jsonb,
	"about" text,
	"linked_in_link" text,
	"git_hub_link" text,
	"profile_img" jsonb,
	"cv_detail" jsonb,
	"preferences" jsonb,
	"skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"personal_skills" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"languages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"work_history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"projects" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"education" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"institute_info" jsonb,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"merged_into" text,
	"email_normalised" text NOT NULL,
	"phone_normalised" text NOT NULL,
	"notice_period_id" text,
	"city" text,
	"skill_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"job_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"work_model" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_notice_periods" (
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
	"value_in_days" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_views" (
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
	"resource" text NOT NULL,
	"name" text NOT NULL,
	"search" text DEFAULT '' NOT NULL,
	"filter" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"columns" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" jsonb
);
--> statement-breakpoint
CREATE INDEX "candidate_cvs_candidate" ON "candidate_cvs" USING btree ("organisation_id","job_seeker_id");--> statement-breakpoint
CREATE INDEX "candidates_organisation_created" ON "candidates" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "candidates_organisation_email" ON "candidates" USING btree ("organisation_id","email_normalised");--> statement-breakpoint
CREATE INDEX "candidates_organisation_phone" ON "candidates" USING btree ("organisation_id","phone_normalised");--> statement-breakpoint
CREATE INDEX "candidates_user" ON "candidates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "candidates_skill_ids" ON "candidates" USING gin ("skill_ids");--> statement-breakpoint
CREATE UNIQUE INDEX "candidates_organisation_id" ON "candidates" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE INDEX "crm_notice_periods_organisation" ON "crm_notice_periods" USING btree ("organisation_id","value_in_days");--> statement-breakpoint
CREATE INDEX "saved_views_owner_resource" ON "saved_views" USING btree ("owner_id","resource");