CREATE TABLE "skill_aliases" (
	"id" serial PRIMARY KEY NOT NULL,
	"alias" text NOT NULL,
	"canonical" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resume_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'parsing' NOT NULL,
	"refused" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"job_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "resume_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"position" integer NOT NULL,
	"filename" text NOT NULL,
	"storage_key" text,
	"size" integer NOT NULL,
	"content_type" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"fields" jsonb,
	"confidence" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"overall_confidence" real,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"duplicates" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"resume_text" text DEFAULT '' NOT NULL,
	"error" text,
	"candidate_id" integer,
	"parsed_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "github_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "portfolio_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "skill_aliases" ADD CONSTRAINT "skill_aliases_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_batches" ADD CONSTRAINT "resume_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_drafts" ADD CONSTRAINT "resume_drafts_batch_id_resume_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."resume_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resume_drafts" ADD CONSTRAINT "resume_drafts_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "skill_aliases_alias_lower_unique" ON "skill_aliases" USING btree (lower("alias"));--> statement-breakpoint
CREATE INDEX "resume_batches_created_by_idx" ON "resume_batches" USING btree ("created_by","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "resume_drafts_batch_position_idx" ON "resume_drafts" USING btree ("batch_id","position");--> statement-breakpoint
CREATE INDEX "resume_drafts_candidate_idx" ON "resume_drafts" USING btree ("candidate_id");