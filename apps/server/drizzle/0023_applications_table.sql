-- The applications table (issue 14). Migration 0020 was meant to create it but holds only the settings column:
-- its snapshot already describes the table, so this custom migration adds the SQL that was left out.
CREATE TABLE "applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"role_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"phone_digits" text DEFAULT '' NOT NULL,
	"resume_key" text,
	"resume_filename" text,
	"resume_size" integer,
	"resume_content_type" text,
	"resume_text" text DEFAULT '' NOT NULL,
	"resume_has_text" boolean DEFAULT false NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"source" text DEFAULT 'careers_page' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"reject_reason" text,
	"reject_email_sent" boolean DEFAULT false NOT NULL,
	"candidate_id" integer,
	"pipeline_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_role_status_created_idx" ON "applications" USING btree ("role_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "applications_status_created_idx" ON "applications" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "applications_created_at_idx" ON "applications" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "applications_candidate_id_idx" ON "applications" USING btree ("candidate_id") WHERE "applications"."candidate_id" is not null;--> statement-breakpoint
CREATE INDEX "applications_pipeline_id_idx" ON "applications" USING btree ("pipeline_id") WHERE "applications"."pipeline_id" is not null;
