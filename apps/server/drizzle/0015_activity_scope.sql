ALTER TABLE "activity" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "role_id" integer;--> statement-breakpoint
ALTER TABLE "activity" ADD COLUMN "candidate_id" integer;--> statement-breakpoint
CREATE INDEX "activity_client_id_idx" ON "activity" USING btree ("client_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_role_id_idx" ON "activity" USING btree ("role_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "activity_candidate_id_idx" ON "activity" USING btree ("candidate_id","id" DESC NULLS LAST);--> statement-breakpoint
-- Backfill (decision 029): what each earlier row hangs under, where the record still exists.
UPDATE "activity" AS a SET "client_id" = r."client_id" FROM "roles" AS r WHERE a."model_type" = 'role' AND r."id" = a."object_id";--> statement-breakpoint
UPDATE "activity" AS a SET "role_id" = q."role_id", "client_id" = r."client_id" FROM "job_qualifications" AS q JOIN "roles" AS r ON r."id" = q."role_id" WHERE a."model_type" = 'job_qualification' AND q."id" = a."object_id";--> statement-breakpoint
UPDATE "activity" AS a SET "role_id" = p."role_id", "candidate_id" = p."candidate_id", "client_id" = r."client_id" FROM "pipelines" AS p JOIN "roles" AS r ON r."id" = p."role_id" WHERE a."model_type" = 'pipeline' AND p."id" = a."object_id";--> statement-breakpoint
UPDATE "activity" AS a SET "client_id" = n."object_id" FROM "notes" AS n WHERE a."model_type" = 'note' AND n."id" = a."object_id" AND n."model_type" = 'client';--> statement-breakpoint
UPDATE "activity" AS a SET "role_id" = r."id", "client_id" = r."client_id" FROM "notes" AS n JOIN "roles" AS r ON r."id" = n."object_id" WHERE a."model_type" = 'note' AND n."id" = a."object_id" AND n."model_type" = 'role';--> statement-breakpoint
UPDATE "activity" AS a SET "candidate_id" = n."object_id" FROM "notes" AS n WHERE a."model_type" = 'note' AND n."id" = a."object_id" AND n."model_type" = 'candidate';--> statement-breakpoint
UPDATE "activity" AS a SET "role_id" = p."role_id", "candidate_id" = p."candidate_id", "client_id" = r."client_id" FROM "notes" AS n JOIN "pipelines" AS p ON p."id" = n."object_id" JOIN "roles" AS r ON r."id" = p."role_id" WHERE a."model_type" = 'note' AND n."id" = a."object_id" AND n."model_type" = 'pipeline';
