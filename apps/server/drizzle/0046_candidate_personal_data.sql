ALTER TABLE "candidates" ADD COLUMN "processing_restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
-- ==== Hand-written (issue 34, personal-data): re-append after regenerating this migration ====
-- A candidate restricted from processing ("do not process") keeps no search text, whichever code writes the
-- row: the list's text search (candidate_search, filled from search_text by candidates_search_sync) never
-- finds them. Lifting the restriction writes the search text again (personal-data.service.ts).
CREATE FUNCTION "candidates_restricted_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW."processing_restricted" THEN
		NEW."search_text" := '';
	END IF;
	RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "candidates_restricted_search_text" BEFORE INSERT OR UPDATE ON "candidates"
FOR EACH ROW EXECUTE FUNCTION "candidates_restricted_search_text"();
