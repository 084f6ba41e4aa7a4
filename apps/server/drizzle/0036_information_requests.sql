CREATE TABLE "candidate_information_forms" (
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
	"candidate_id" text NOT NULL,
	"request_type" text NOT NULL,
	"status" text NOT NULL,
	"data" jsonb,
	"filled_at" timestamp with time zone,
	"source" text NOT NULL,
	"sent_to" text,
	"sent_at" timestamp with time zone,
	"reviewed_by" jsonb,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "client_information_requests" (
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
	"client_id" text NOT NULL,
	"status" text NOT NULL,
	"data" jsonb NOT NULL,
	"filled_at" timestamp with time zone,
	"submitted_by" jsonb,
	"reviewed_by" jsonb,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "candidate_information_forms_organisation_created" ON "candidate_information_forms" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "candidate_information_forms_candidate" ON "candidate_information_forms" USING btree ("candidate_id","status") WHERE not "candidate_information_forms"."is_deleted";--> statement-breakpoint
CREATE INDEX "candidate_information_forms_filled" ON "candidate_information_forms" USING btree ("organisation_id","filled_at") WHERE "candidate_information_forms"."status" = 'FILLED' and not "candidate_information_forms"."is_deleted";--> statement-breakpoint
CREATE INDEX "client_information_requests_organisation_created" ON "client_information_requests" USING btree ("organisation_id","created_at");--> statement-breakpoint
CREATE INDEX "client_information_requests_client" ON "client_information_requests" USING btree ("client_id","status") WHERE not "client_information_requests"."is_deleted";