CREATE TABLE "job_postings" (
	"id" serial PRIMARY KEY NOT NULL,
	"role_id" integer NOT NULL,
	"week_start" date NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"daily_budget_minor" bigint DEFAULT 0 NOT NULL,
	"spend_minor" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"apply_starts" integer DEFAULT 0 NOT NULL,
	"applies" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_postings_week_is_monday" CHECK (extract(isodow from "job_postings"."week_start") = 1),
	CONSTRAINT "job_postings_status" CHECK ("job_postings"."status" in ('active', 'paused', 'closed')),
	CONSTRAINT "job_postings_non_negative" CHECK ("job_postings"."daily_budget_minor" >= 0 and "job_postings"."spend_minor" >= 0 and "job_postings"."impressions" >= 0 and "job_postings"."clicks" >= 0 and "job_postings"."apply_starts" >= 0 and "job_postings"."applies" >= 0)
);
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "show_client_publicly" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "job_postings" ADD CONSTRAINT "job_postings_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_postings" ADD CONSTRAINT "job_postings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "job_postings_role_week_unique" ON "job_postings" USING btree ("role_id","week_start");--> statement-breakpoint
CREATE INDEX "job_postings_week_start_idx" ON "job_postings" USING btree ("week_start");