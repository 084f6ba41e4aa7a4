DROP INDEX "job_queue_due";--> statement-breakpoint
ALTER TABLE "job_queue" ADD COLUMN "priority" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "priority" text DEFAULT 'NORMAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "organisation_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "created_by" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "related_to" jsonb;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "outside" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_outbox_organisation" ON "mail_outbox" USING btree ("organisation_id","created_at") WHERE "mail_outbox"."organisation_id" is not null;--> statement-breakpoint
CREATE INDEX "mail_outbox_owner_kind" ON "mail_outbox" USING btree ("owner_id","kind","created_at") WHERE "mail_outbox"."owner_id" is not null;--> statement-breakpoint
CREATE INDEX "job_queue_due" ON "job_queue" USING btree ("priority","run_at") WHERE "job_queue"."done_at" is null and "job_queue"."failed_at" is null;