CREATE TABLE "candidate_search" (
	"candidate_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"search_text" text NOT NULL,
	"vector" "tsvector" NOT NULL
);
--> statement-breakpoint
DROP INDEX "candidates_search_text_trgm_idx";--> statement-breakpoint
DROP INDEX "candidates_skills_normalized_idx";--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "resume_has_text" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "candidate_search" ADD CONSTRAINT "candidate_search_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_search_vector_idx" ON "candidate_search" USING gin ("vector") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "candidate_search_created_at_idx" ON "candidate_search" USING btree ("created_at","candidate_id");--> statement-breakpoint
CREATE INDEX "candidates_updated_at_idx" ON "candidates" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "candidates_name_idx" ON "candidates" USING btree (lower("last_name"),lower("first_name"),"id");--> statement-breakpoint
CREATE INDEX "candidates_skills_normalized_idx" ON "candidates" USING gin ("skills_normalized") WITH (fastupdate=false);--> statement-breakpoint
-- Hand-written from here (docs/candidates-and-pipelines.md, "Candidates").
-- Rows over 2 kB move their long values to TOAST until the row is under 512 bytes (candidates: the
-- resume text and search text; the short columns the filters read stay in the row) or 128 bytes
-- (candidate_search: its search text and vector), instead of ~2 kB: the tables the list reads stay
-- narrow (for 100,000 candidates with resumes, candidates 48 MB instead of 118 MB, candidate_search 13 MB).
ALTER TABLE "candidates" SET (toast_tuple_target = 512);--> statement-breakpoint
ALTER TABLE "candidate_search" SET (toast_tuple_target = 128);--> statement-breakpoint
-- A candidate's search vector: the search tokens (search_text, derived by candidate-search.ts) and the
-- filter lexemes, which start with "=" so no typed word can match them.
CREATE FUNCTION "candidate_search_vector"(search_text text, status text, skills text[], years integer) RETURNS tsvector
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT array_to_tsvector(
		string_to_array(search_text, ' ')
		|| ARRAY['=status:' || status]
		|| ARRAY(SELECT '=skill:' || skill FROM unnest(skills) AS skill WHERE skill <> '')
		|| CASE WHEN years IS NULL THEN ARRAY[]::text[] ELSE ARRAY['=y:' || least(years, 100)] END)
$$;--> statement-breakpoint
-- candidate_search follows candidates: every insert, and every update of a column it is made of.
-- (Deletes cascade through the foreign key.)
CREATE FUNCTION "candidates_search_sync"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "candidate_search" ("candidate_id", "created_at", "search_text", "vector")
	VALUES (NEW."id", NEW."created_at", NEW."search_text", "candidate_search_vector"(NEW."search_text", NEW."status", NEW."skills_normalized", NEW."years_experience"))
	ON CONFLICT ("candidate_id") DO UPDATE SET "created_at" = EXCLUDED."created_at", "search_text" = EXCLUDED."search_text", "vector" = EXCLUDED."vector";
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "candidates_search_sync" AFTER INSERT OR UPDATE OF "search_text", "status", "skills_normalized", "years_experience", "created_at" ON "candidates"
FOR EACH ROW EXECUTE FUNCTION "candidates_search_sync"();--> statement-breakpoint
-- search_text becomes the distinct search tokens (runs of letters and digits, at most 60 characters;
-- phone digits also whole, last 10 and last 7) as candidate-search.ts derives them on every save. For the
-- rows saved before, an SQL approximation (ASCII and common Unicode punctuation separate tokens); the
-- trigger fills candidate_search for each of them.
UPDATE "candidates" AS c SET
	"resume_has_text" = c."resume_text" <> '',
	"search_text" = coalesce((
		SELECT string_agg(DISTINCT left(t.token, 60), ' ')
		FROM unnest(
			regexp_split_to_array(
				regexp_replace(
					lower(normalize(concat_ws(' ', c."first_name", c."last_name", c."email", c."phone", c."current_title", c."current_company", array_to_string(c."skills", ' '), c."resume_text"), NFKC)),
					'[\u00a0-\u00bf\u00d7\u00f7\u2000-\u206f\u2190-\u2bff\u3000-\u303f\ufe30-\ufe4f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]', ' ', 'g'),
				'[^[:alnum:]\u0080-\uffff]+')
			|| CASE WHEN length(regexp_replace(c."phone", '\D', '', 'g')) >= 7
				THEN ARRAY[regexp_replace(c."phone", '\D', '', 'g'), right(regexp_replace(c."phone", '\D', '', 'g'), 10), right(regexp_replace(c."phone", '\D', '', 'g'), 7)]
				ELSE ARRAY[]::text[] END
		) AS t(token)
		WHERE t.token <> ''
	), '');
