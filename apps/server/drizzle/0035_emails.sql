CREATE TABLE "emails" (
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
	"subject" text NOT NULL,
	"text_html" text,
	"snippet" text,
	"from_email" text,
	"to_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc_emails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"related_to" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"direction" text DEFAULT 'OUTBOUND' NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"thread_id" text,
	"message_id" text,
	"in_reply_to" text,
	"is_book_marked" boolean DEFAULT false NOT NULL,
	"in_draft" boolean DEFAULT false NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"mail_service_provider" text,
	"template_id" text,
	"outbox_id" text
);
--> statement-breakpoint
CREATE TABLE "organisation_mail_settings" (
	"organisation_id" text PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"secure" boolean DEFAULT false NOT NULL,
	"username" text,
	"password_encrypted" text,
	"from_email" text NOT NULL,
	"from_name" text,
	"updated_by" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "envelope" jsonb;--> statement-breakpoint
CREATE INDEX "emails_organisation_date" ON "emails" USING btree ("organisation_id","date");--> statement-breakpoint
CREATE INDEX "emails_owner_date" ON "emails" USING btree ("owner_id","date");--> statement-breakpoint
CREATE INDEX "emails_related_to" ON "emails" USING gin ("related_to");--> statement-breakpoint
CREATE INDEX "emails_contact_ids" ON "emails" USING gin ("contact_ids");--> statement-breakpoint
CREATE INDEX "emails_message_id" ON "emails" USING btree ("organisation_id","message_id");