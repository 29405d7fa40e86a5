ALTER TABLE "notes" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
-- Before this column, updated_at changed only when the text did.
UPDATE "notes" SET "edited_at" = "updated_at" WHERE "updated_at" > "created_at";
