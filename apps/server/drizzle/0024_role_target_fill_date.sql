ALTER TABLE "roles" ADD COLUMN "target_fill_date" date;--> statement-breakpoint
CREATE INDEX "roles_target_fill_date_idx" ON "roles" USING btree ("target_fill_date");