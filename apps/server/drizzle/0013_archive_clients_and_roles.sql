ALTER TABLE "clients" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "archived_at" timestamp with time zone;