CREATE TABLE "feedback" (
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
	"job_application_id" text NOT NULL,
	"candidate_id" text NOT NULL,
	"client_id" text NOT NULL,
	"job_id" text NOT NULL,
	"interview_id" text,
	"status" text NOT NULL,
	"submission_type" text,
	"remarks" text,
	"overall_score" jsonb,
	"skill_scorecard" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scorecard_items" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"submitted_by" jsonb,
	"submitted_at" timestamp with time zone,
	"requested_from" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"request_message" text,
	"shared_with_user_id" text
);
--> statement-breakpoint
CREATE INDEX "feedback_organisation_created" ON "feedback" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_application" ON "feedback" USING btree ("job_application_id") WHERE not "feedback"."is_deleted";--> statement-breakpoint
CREATE INDEX "feedback_client_status" ON "feedback" USING btree ("organisation_id","client_id","status") WHERE not "feedback"."is_deleted";--> statement-breakpoint
CREATE INDEX "feedback_shared_with" ON "feedback" USING btree ("shared_with_user_id") WHERE "feedback"."shared_with_user_id" is not null;