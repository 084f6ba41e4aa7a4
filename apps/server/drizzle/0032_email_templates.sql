CREATE TABLE "email_templates" (
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
	"template_type" text,
	"subject" text NOT NULL,
	"content" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "email_templates_organisation_created" ON "email_templates" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "email_templates_type" ON "email_templates" USING btree ("organisation_id","template_type","updated_at");