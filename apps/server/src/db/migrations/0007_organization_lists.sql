DROP INDEX "invitations_organization_created_idx";--> statement-breakpoint
CREATE INDEX "memberships_organization_created_idx" ON "memberships" USING btree ("organization_id","created_at","id");--> statement-breakpoint
CREATE INDEX "invitations_organization_created_idx" ON "invitations" USING btree ("organization_id","created_at","id");