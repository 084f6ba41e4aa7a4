ALTER TABLE "call_logs" ADD COLUMN "called_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "call_logs" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "industries" jsonb;--> statement-breakpoint
CREATE INDEX "call_logs_organisation_called" ON "call_logs" USING btree ("organisation_id","called_at");--> statement-breakpoint
-- Calls logged before a call had its own time took place when they were logged.
UPDATE "call_logs" SET "called_at" = "created_at";
