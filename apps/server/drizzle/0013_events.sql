CREATE TABLE "calendar_feeds" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"user_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "events" (
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
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"location" jsonb,
	"type" text,
	"related_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attendees_mails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"schedule_google_meet_call" boolean DEFAULT false NOT NULL,
	"meeting_link" text,
	"sequence" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "alternatives" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_user" ON "calendar_feeds" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_secret" ON "calendar_feeds" USING btree ("secret_hash");--> statement-breakpoint
CREATE INDEX "events_organisation_time" ON "events" USING btree ("organisation_id","start_time","end_time");--> statement-breakpoint
CREATE INDEX "events_user_ids" ON "events" USING gin ("user_ids");--> statement-breakpoint
CREATE INDEX "events_related_to" ON "events" USING gin ("related_to");