CREATE UNIQUE INDEX "crm_roles_organisation_id" ON "crm_roles" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_organisation_id" ON "teams" USING btree ("organisation_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_organisation_id" ON "users" USING btree ("organisation_id","id");--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_team_fk" FOREIGN KEY ("organisation_id","team_id") REFERENCES "public"."teams"("organisation_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_members" ADD CONSTRAINT "team_members_user_fk" FOREIGN KEY ("organisation_id","user_id") REFERENCES "public"."users"("organisation_id","id") ON DELETE no action ON UPDATE no action;
