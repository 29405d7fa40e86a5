ALTER TABLE "job_postings" ALTER COLUMN "daily_budget_minor" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "job_postings" ALTER COLUMN "daily_budget_minor" DROP NOT NULL;