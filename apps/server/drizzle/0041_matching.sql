CREATE TABLE "candidate_match_profiles" (
	"candidate_id" integer PRIMARY KEY NOT NULL,
	"stale" boolean DEFAULT true NOT NULL,
	"skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"level" smallint DEFAULT 0 NOT NULL,
	"years" integer,
	"salary_minor" bigint,
	"salary_currency" text DEFAULT '' NOT NULL,
	"location_tokens" text[] DEFAULT '{}'::text[] NOT NULL,
	"title_tokens" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text NOT NULL,
	"last_activity" timestamp with time zone NOT NULL,
	"built_at" timestamp with time zone,
	"revision" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "match_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"role_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"verdict" text NOT NULL,
	"reason" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_match_settings" (
	"role_id" integer PRIMARY KEY NOT NULL,
	"weights" jsonb NOT NULL,
	"must_skills" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidate_match_profiles" ADD CONSTRAINT "candidate_match_profiles_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_feedback" ADD CONSTRAINT "match_feedback_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_feedback" ADD CONSTRAINT "match_feedback_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "match_feedback" ADD CONSTRAINT "match_feedback_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_match_settings" ADD CONSTRAINT "role_match_settings_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_match_settings" ADD CONSTRAINT "role_match_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_match_profiles_revision_idx" ON "candidate_match_profiles" USING btree ("revision");--> statement-breakpoint
CREATE INDEX "candidate_match_profiles_skills_idx" ON "candidate_match_profiles" USING gin ("skills") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "candidate_match_profiles_stale_idx" ON "candidate_match_profiles" USING btree ("candidate_id") WHERE stale;--> statement-breakpoint
CREATE UNIQUE INDEX "match_feedback_role_candidate_unique" ON "match_feedback" USING btree ("role_id","candidate_id");--> statement-breakpoint
CREATE INDEX "match_feedback_candidate_idx" ON "match_feedback" USING btree ("candidate_id");
--> statement-breakpoint
-- Hand-written (issue 32, matching): every insert or update of candidates marks the candidate's match profile
-- stale in the same transaction, copying the status and last activity so exclusions are exact at once; the
-- matching service rebuilds stale profiles before it ranks. Statement-level, so a bulk insert is one statement.
CREATE FUNCTION "candidates_match_profile_mark"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "candidate_match_profiles" ("candidate_id", "stale", "status", "last_activity")
  SELECT "id", true, "status", "updated_at" FROM new_rows ORDER BY "id"
  ON CONFLICT ("candidate_id") DO UPDATE
    SET "stale" = true, "status" = excluded."status", "last_activity" = excluded."last_activity";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "candidates_match_profile_insert" AFTER INSERT ON "candidates" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "candidates_match_profile_mark"();--> statement-breakpoint
CREATE TRIGGER "candidates_match_profile_update" AFTER UPDATE ON "candidates" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "candidates_match_profile_mark"();--> statement-breakpoint
CREATE SEQUENCE "candidate_match_profiles_revision_seq";--> statement-breakpoint
-- Every write of a profile row takes the next revision (the in-memory index reads what changed since).
CREATE FUNCTION "candidate_match_profiles_revision"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."revision" := nextval('candidate_match_profiles_revision_seq');
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "candidate_match_profiles_revision" BEFORE INSERT OR UPDATE ON "candidate_match_profiles"
  FOR EACH ROW EXECUTE FUNCTION "candidate_match_profiles_revision"();--> statement-breakpoint
INSERT INTO "candidate_match_profiles" ("candidate_id", "stale", "status", "last_activity")
  SELECT "id", true, "status", "updated_at" FROM "candidates";
