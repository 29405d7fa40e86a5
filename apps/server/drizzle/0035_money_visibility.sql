ALTER TABLE "agency_settings" ADD COLUMN "money_visibility" text DEFAULT 'all_but_viewers' NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_settings" ADD CONSTRAINT "agency_settings_money_visibility" CHECK ("agency_settings"."money_visibility" in ('owners', 'owners_and_superusers', 'all_but_viewers'));--> statement-breakpoint
-- Hand-written (decision 071): fees no longer ride in history text, which every reader of a record sees.
UPDATE "pipeline_events" SET "detail" = substring("detail" from '^Starts [0-9]{4}-[0-9]{2}-[0-9]{2}\.') WHERE "kind" = 'placed' AND "detail" ~ '^Starts [0-9]{4}-[0-9]{2}-[0-9]{2}\. ';--> statement-breakpoint
UPDATE "activity" SET "summary" = regexp_replace("summary", ' \(fee [^)]*\)$', '') WHERE "verb" = 'placed' AND "model_type" = 'pipeline';
