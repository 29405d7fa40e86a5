ALTER TABLE "candidates" ADD COLUMN "desired_salary_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
-- Existing candidates' salaries were entered in the agency's currency.
UPDATE "candidates" SET "desired_salary_currency" = "agency_settings"."currency" FROM "agency_settings" WHERE "agency_settings"."id" = 1 AND "candidates"."desired_salary_currency" <> "agency_settings"."currency";
