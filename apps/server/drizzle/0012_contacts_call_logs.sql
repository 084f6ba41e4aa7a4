CREATE TABLE "call_logs" (
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
	"comments" text,
	"contact_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"direction" text DEFAULT 'OUTBOUND' NOT NULL,
	"related_to" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "crm_contacts" (
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
	"profile" jsonb NOT NULL,
	"primary" boolean DEFAULT false NOT NULL,
	"self_contact" boolean DEFAULT false NOT NULL,
	"stage" text,
	"type" text,
	"related_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"client_id" text,
	"user_id" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "temporary_password_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "call_logs_organisation_created" ON "call_logs" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "call_logs_contact_ids" ON "call_logs" USING gin ("contact_ids");--> statement-breakpoint
CREATE INDEX "call_logs_related_to" ON "call_logs" USING gin ("related_to");--> statement-breakpoint
CREATE INDEX "crm_contacts_organisation_created" ON "crm_contacts" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "crm_contacts_client" ON "crm_contacts" USING btree ("organisation_id","client_id");--> statement-breakpoint
CREATE INDEX "crm_contacts_related_to" ON "crm_contacts" USING gin ("related_to");