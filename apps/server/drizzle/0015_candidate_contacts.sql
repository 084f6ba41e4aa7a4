ALTER TABLE "candidates" ADD COLUMN "self_contact_id" text;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "contact_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;