CREATE TABLE "feedback_rating_options" (
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
	"category_id" text NOT NULL,
	"label" text NOT NULL,
	"value" text,
	"points" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "feedback_rating_options_organisation_created" ON "feedback_rating_options" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "feedback_rating_options_category" ON "feedback_rating_options" USING btree ("category_id") WHERE not "feedback_rating_options"."is_deleted";