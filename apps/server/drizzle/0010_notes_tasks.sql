CREATE TABLE "crm_notes" (
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
	"note" text NOT NULL,
	"related_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_important" boolean DEFAULT false NOT NULL,
	"notify_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
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
	"comment" text,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"type" text,
	"status" text DEFAULT 'TODO' NOT NULL,
	"priority" text DEFAULT 'MEDIUM' NOT NULL,
	"assignee_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"assigned_date" timestamp with time zone,
	"due_date" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"related_to" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "crm_notes_organisation_created" ON "crm_notes" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_notes_related_to" ON "crm_notes" USING gin ("related_to");--> statement-breakpoint
CREATE INDEX "tasks_organisation_created" ON "tasks" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_assignee_ids" ON "tasks" USING gin ("assignee_ids");--> statement-breakpoint
CREATE INDEX "tasks_related_to" ON "tasks" USING gin ("related_to");