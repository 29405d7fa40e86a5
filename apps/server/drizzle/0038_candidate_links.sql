ALTER TABLE "candidates" ADD COLUMN "github_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "portfolio_url" text DEFAULT '' NOT NULL;