CREATE TABLE "interviews" (
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
	"job_id" text NOT NULL,
	"client_id" text,
	"host_user_id" text,
	"interview_type" text NOT NULL,
	"medium" text NOT NULL,
	"online_meeting_provider" text,
	"interviewer_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"external_interviewer" jsonb,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"location" jsonb,
	"remarks" text,
	"description_for_candidate" text,
	"meeting_info" text,
	"status" text DEFAULT 'SCHEDULED' NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"scorecard" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"avg_scorecard" jsonb DEFAULT '{"score":null,"points":null}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "interviews_organisation_start" ON "interviews" USING btree ("organisation_id","start_time");--> statement-breakpoint
CREATE INDEX "interviews_application" ON "interviews" USING btree ("job_application_id") WHERE not "interviews"."is_deleted";--> statement-breakpoint
CREATE INDEX "interviews_interviewer_ids" ON "interviews" USING gin ("interviewer_ids");