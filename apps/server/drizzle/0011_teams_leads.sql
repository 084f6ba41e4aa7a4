CREATE TABLE "leads" (
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
	"title" text,
	"description" text,
	"rating" double precision,
	"source" text,
	"status" text DEFAULT 'NEW' NOT NULL,
	"type" text,
	"notes" text,
	"follow_up_date" timestamp with time zone,
	"deadline_date" timestamp with time zone,
	"candidate_details" jsonb,
	"company_details" jsonb
);
--> statement-breakpoint
CREATE INDEX "leads_organisation_created" ON "leads" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_organisation_follow_up" ON "leads" USING btree ("organisation_id","follow_up_date");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_organisation_id" ON "leads" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_live_member" ON "team_members" USING btree ("organisation_id","team_id","user_id") WHERE "team_members"."is_deleted" = false;