CREATE TABLE "candidate_skill_counts" (
	"spelling" text PRIMARY KEY NOT NULL,
	"candidates" integer NOT NULL
);
--> statement-breakpoint
-- Decision 063: the skill counts follow the candidates' skills in the write's transaction. Statement-level
-- triggers with transition tables, so a bulk insert (an import, the demo) adds each spelling once. The
-- changed spellings are written in their sort order: two writes sharing skills lock the rows in the same
-- order and cannot deadlock. A spelling no candidate has any more is deleted.
CREATE FUNCTION "candidate_skill_counts_follow"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO "candidate_skill_counts" ("spelling", "candidates")
		SELECT skill, count(*)::int FROM new_rows n, unnest(n."skills") AS skill GROUP BY skill ORDER BY skill
		ON CONFLICT ("spelling") DO UPDATE SET "candidates" = "candidate_skill_counts"."candidates" + excluded."candidates";
		RETURN NULL;
	END IF;
	IF TG_OP = 'UPDATE' THEN
		INSERT INTO "candidate_skill_counts" ("spelling", "candidates")
		SELECT c.skill, sum(c.change)::int FROM (
			SELECT skill, 1 AS change FROM new_rows n JOIN old_rows o ON o."id" = n."id", unnest(n."skills") AS skill WHERE n."skills" IS DISTINCT FROM o."skills"
			UNION ALL
			SELECT skill, -1 FROM new_rows n JOIN old_rows o ON o."id" = n."id", unnest(o."skills") AS skill WHERE n."skills" IS DISTINCT FROM o."skills"
		) c GROUP BY c.skill HAVING sum(c.change) <> 0 ORDER BY c.skill
		ON CONFLICT ("spelling") DO UPDATE SET "candidates" = "candidate_skill_counts"."candidates" + excluded."candidates";
	ELSE
		INSERT INTO "candidate_skill_counts" ("spelling", "candidates")
		SELECT skill, -count(*)::int FROM old_rows o, unnest(o."skills") AS skill GROUP BY skill ORDER BY skill
		ON CONFLICT ("spelling") DO UPDATE SET "candidates" = "candidate_skill_counts"."candidates" + excluded."candidates";
	END IF;
	DELETE FROM "candidate_skill_counts" WHERE "candidates" <= 0 AND "spelling" IN (SELECT skill FROM old_rows o, unnest(o."skills") AS skill);
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "candidates_skill_counts_insert" AFTER INSERT ON "candidates" REFERENCING NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "candidate_skill_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "candidates_skill_counts_update" AFTER UPDATE ON "candidates" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "candidate_skill_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "candidates_skill_counts_delete" AFTER DELETE ON "candidates" REFERENCING OLD TABLE AS old_rows
	FOR EACH STATEMENT EXECUTE FUNCTION "candidate_skill_counts_follow"();--> statement-breakpoint
INSERT INTO "candidate_skill_counts" ("spelling", "candidates")
SELECT skill, count(*)::int FROM "candidates" c, unnest(c."skills") AS skill GROUP BY skill;
