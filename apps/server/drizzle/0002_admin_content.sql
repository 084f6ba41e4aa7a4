CREATE TABLE "admin_notes" (
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
	"user_id" text NOT NULL,
	"note" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
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
	"slug" text NOT NULL,
	"content" text NOT NULL,
	"meta_description" text NOT NULL,
	"meta_tags" text NOT NULL,
	"meta_title" text NOT NULL,
	"short_desc" text NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"img" jsonb,
	"author_id" text,
	"author" jsonb,
	"is_featured" boolean DEFAULT false NOT NULL,
	"publish_date" timestamp with time zone,
	"status" text DEFAULT 'DRAFT' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "authors" (
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
	"name" text NOT NULL,
	"full_name" text,
	"profile" text,
	"img" jsonb
);
--> statement-breakpoint
CREATE TABLE "contact_queries" (
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
	"contact_name" text,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"content" text NOT NULL,
	"status" text DEFAULT 'NEW' NOT NULL,
	"is_replied" boolean DEFAULT false NOT NULL,
	"client_id" text,
	"thread_id" text
);
--> statement-breakpoint
CREATE TABLE "employee_cards" (
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
	"name" text,
	"profile_img" jsonb,
	"address" jsonb,
	"email" text,
	"phone" text NOT NULL,
	"mobile" text,
	"designation" text,
	"linked_in_link" text,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"slug" text NOT NULL,
	"website" text,
	"is_whatsapp" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "engagement_templates" (
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
	"name" text NOT NULL,
	"content" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_seeker_references" (
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
	"job_seeker_id" text NOT NULL,
	"company_name" text NOT NULL,
	"referee_name" text,
	"email" text,
	"phone" text,
	"designation" text,
	"status" text DEFAULT 'PENDING' NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_notes_user" ON "admin_notes" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "articles_slug_live" ON "articles" USING btree ("slug") WHERE not "articles"."is_deleted";--> statement-breakpoint
CREATE INDEX "articles_public" ON "articles" USING btree ("status","publish_date");--> statement-breakpoint
CREATE UNIQUE INDEX "employee_cards_slug_live" ON "employee_cards" USING btree ("slug") WHERE not "employee_cards"."is_deleted";--> statement-breakpoint
CREATE INDEX "job_seeker_references_seeker" ON "job_seeker_references" USING btree ("job_seeker_id");