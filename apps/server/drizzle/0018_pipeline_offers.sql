ALTER TABLE "pipelines" ADD COLUMN "offered_salary" numeric(14, 2);--> statement-breakpoint
ALTER TABLE "pipelines" ADD COLUMN "offer_currency" text;--> statement-breakpoint
ALTER TABLE "pipelines" ADD COLUMN "offered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pipelines" ADD COLUMN "offer_answer" text;--> statement-breakpoint
ALTER TABLE "pipelines" ADD COLUMN "offer_answered_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "pipelines_created_at_idx" ON "pipelines" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "pipelines_offered_at_idx" ON "pipelines" USING btree ("offered_at") WHERE offer_answer is not null;