ALTER TABLE "files" ADD COLUMN "uploaded_by" text;--> statement-breakpoint
-- Files stored before this migration were recorded with their uploader as the owner.
UPDATE "files" SET "uploaded_by" = "owner_id";--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "uploaded_by" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "attached_type" text;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "attached_id" text;--> statement-breakpoint
-- Drawn CVs and letters are the server's, never a file a client may attach to a field.
UPDATE "files" SET "attached_type" = 'Document' WHERE "blob_name" LIKE 'documents/%';--> statement-breakpoint
CREATE UNIQUE INDEX "files_blob_name" ON "files" USING btree ("blob_name");--> statement-breakpoint
CREATE INDEX "files_attached" ON "files" USING btree ("attached_type","attached_id");
