CREATE TABLE "candidate_account_links" (
	"id" text PRIMARY KEY NOT NULL,
	"organisation_id" text NOT NULL,
	"candidate_id" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"origin" text NOT NULL,
	"invited_by" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_by" jsonb,
	"ended_by_side" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "credentials_issued_by" text;--> statement-breakpoint
CREATE UNIQUE INDEX "candidate_account_links_live_candidate" ON "candidate_account_links" USING btree ("candidate_id") WHERE "candidate_account_links"."status" in ('PENDING', 'ACCEPTED');--> statement-breakpoint
CREATE UNIQUE INDEX "candidate_account_links_live_account" ON "candidate_account_links" USING btree ("organisation_id","user_id") WHERE "candidate_account_links"."status" in ('PENDING', 'ACCEPTED');--> statement-breakpoint
CREATE INDEX "candidate_account_links_account" ON "candidate_account_links" USING btree ("user_id","created_at");--> statement-breakpoint
-- Accounts an agency's candidate credentials call made: the job seeker profile was written by one
-- of that organisation's staff for the linked candidate (a seeker who registered wrote their own).
UPDATE "users" AS u SET "credentials_issued_by" = c."organisation_id"
FROM "job_seekers" AS js
JOIN "candidates" AS c ON c."id" = js."candidate_id"
WHERE js."user_id" = u."id" AND u."user_type" = 'JOB_SEEKER' AND c."user_id" = u."id"
	AND js."created_by"->>'_id' IN (SELECT s."id" FROM "users" AS s WHERE s."organisation_id" = c."organisation_id" AND s."user_type" = 'CRM_USER');
--> statement-breakpoint
-- Links made before consent was asked stand, so the seeker sees them and can end them: one per
-- organisation and account (the oldest candidate); an organisation's later duplicates are unlinked.
INSERT INTO "candidate_account_links" ("id", "organisation_id", "candidate_id", "user_id", "status", "origin", "created_at", "updated_at", "responded_at")
SELECT DISTINCT ON (c."organisation_id", c."user_id")
	substr(md5(random()::text || c."id"), 1, 24), c."organisation_id", c."id", c."user_id", 'ACCEPTED',
	CASE WHEN u."credentials_issued_by" = c."organisation_id" THEN 'CREDENTIALS' ELSE 'INVITATION' END,
	now(), now(), now()
FROM "candidates" AS c JOIN "users" AS u ON u."id" = c."user_id"
WHERE c."user_id" IS NOT NULL AND NOT c."is_deleted" AND c."organisation_id" IS NOT NULL
ORDER BY c."organisation_id", c."user_id", c."created_at";
--> statement-breakpoint
UPDATE "candidates" AS c SET "user_id" = NULL
WHERE c."user_id" IS NOT NULL
	AND NOT EXISTS (SELECT 1 FROM "candidate_account_links" AS l WHERE l."candidate_id" = c."id" AND l."status" = 'ACCEPTED');
