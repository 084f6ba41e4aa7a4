CREATE TABLE "feedback_categories" (
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
	"value" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "feedback_categories_organisation_created" ON "feedback_categories" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_categories_organisation_id" ON "feedback_categories" USING btree ("organisation_id","id");