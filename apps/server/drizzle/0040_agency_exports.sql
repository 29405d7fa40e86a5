CREATE TABLE "agency_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"created_by" integer,
	"job_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"storage_key" text,
	"size_bytes" bigint,
	"summary" jsonb,
	"expires_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agency_exports" ADD CONSTRAINT "agency_exports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agency_exports_created_at_idx" ON "agency_exports" USING btree ("created_at");