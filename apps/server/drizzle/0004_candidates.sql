CREATE TABLE "candidates" (
	"id" serial PRIMARY KEY NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"phone_digits" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"current_title" text DEFAULT '' NOT NULL,
	"current_company" text DEFAULT '' NOT NULL,
	"linkedin_url" text DEFAULT '' NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"skills_normalized" text[] DEFAULT '{}'::text[] NOT NULL,
	"years_experience" integer,
	"desired_salary" numeric(14, 2),
	"status" text DEFAULT 'active' NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	"consent_date" date,
	"resume_key" text,
	"resume_filename" text,
	"resume_size" integer,
	"resume_content_type" text,
	"resume_uploaded_at" timestamp with time zone,
	"resume_text" text DEFAULT '' NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidates" ADD CONSTRAINT "candidates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidates_search_text_trgm_idx" ON "candidates" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "candidates_skills_normalized_idx" ON "candidates" USING gin ("skills_normalized");--> statement-breakpoint
CREATE INDEX "candidates_status_created_at_idx" ON "candidates" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "candidates_created_at_idx" ON "candidates" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "candidates_years_experience_idx" ON "candidates" USING btree ("years_experience");--> statement-breakpoint
CREATE INDEX "candidates_email_lower_idx" ON "candidates" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "candidates_phone_digits_idx" ON "candidates" USING btree ("phone_digits");--> statement-breakpoint
CREATE INDEX "candidates_company_lower_idx" ON "candidates" USING btree (lower("current_company"));