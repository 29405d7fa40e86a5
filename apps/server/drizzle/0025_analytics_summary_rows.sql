CREATE TABLE "analytics_role_days" (
	"role_id" integer NOT NULL,
	"day" date NOT NULL,
	"recruiter_id" integer,
	"submittals" integer DEFAULT 0 NOT NULL,
	"placements" integer DEFAULT 0 NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_roles" (
	"role_id" integer PRIMARY KEY NOT NULL,
	"first_submittal_on" date,
	"placements" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_role_days" ADD CONSTRAINT "analytics_role_days_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_roles" ADD CONSTRAINT "analytics_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_role_days_day_idx" ON "analytics_role_days" USING btree ("day");--> statement-breakpoint
CREATE INDEX "analytics_role_days_role_idx" ON "analytics_role_days" USING btree ("role_id","day");--> statement-breakpoint
-- Decision 056: the summary rows follow submittals, placements and pipelines through the triggers below,
-- in the same transaction as the write. A write recomputes the rows of the roles it touches from the base
-- tables (a role has tens of pipelines, so this is small), under a per-role advisory lock so that two
-- transactions refreshing the same role cannot both insert. Statement-level triggers with transition
-- tables: a bulk insert (an import, the demo, the bench) refreshes each role once. A small refresh holds
-- ROW EXCLUSIVE on analytics_role_days (its DELETE) until commit, so a bulk refresh's table lock waits for it.
CREATE FUNCTION "analytics_refresh_roles"(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	ids := ARRAY(SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL ORDER BY x);
	IF cardinality(ids) = 0 THEN RETURN; END IF;
	-- Many roles at once (a bulk load): one table lock rather than thousands of advisory locks.
	IF cardinality(ids) > 64 THEN
		LOCK TABLE "analytics_role_days" IN SHARE ROW EXCLUSIVE MODE;
	ELSE
		PERFORM pg_advisory_xact_lock(56056, x) FROM unnest(ids) AS x ORDER BY x;
	END IF;
	DELETE FROM "analytics_role_days" WHERE "role_id" = ANY(ids);
	DELETE FROM "analytics_roles" WHERE "role_id" = ANY(ids);
	INSERT INTO "analytics_role_days" ("role_id", "day", "recruiter_id", "submittals", "placements", "fee_minor")
	SELECT f.role_id, f.day, f.recruiter_id, sum(f.submittals)::int, sum(f.placements)::int, sum(f.fee_minor)::bigint
	FROM (
		SELECT p."role_id", sb."submitted_on" AS day, p."recruiter_id", 1 AS submittals, 0 AS placements, 0::bigint AS fee_minor
		FROM "submittals" sb JOIN "pipelines" p ON p."id" = sb."pipeline_id" WHERE p."role_id" = ANY(ids)
		UNION ALL
		SELECT p."role_id", (pl."created_at" AT TIME ZONE 'UTC')::date, p."recruiter_id", 0, 1, round(pl."fee" * 100)::bigint
		FROM "placements" pl JOIN "pipelines" p ON p."id" = pl."pipeline_id" WHERE p."role_id" = ANY(ids)
	) f
	GROUP BY f.role_id, f.day, f.recruiter_id;
	INSERT INTO "analytics_roles" ("role_id", "first_submittal_on", "placements")
	SELECT d."role_id", min(d."day") FILTER (WHERE d."submittals" > 0), coalesce(sum(d."placements"), 0)::int
	FROM "analytics_role_days" d WHERE d."role_id" = ANY(ids)
	GROUP BY d."role_id";
END
$$;--> statement-breakpoint
CREATE FUNCTION "analytics_follow_pipeline_rows"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	-- submittals and placements: the roles of the pipelines of the rows written (old and new).
	IF TG_OP = 'INSERT' THEN
		PERFORM "analytics_refresh_roles"(ARRAY(SELECT p."role_id" FROM new_rows n JOIN "pipelines" p ON p."id" = n."pipeline_id"));
	ELSIF TG_OP = 'UPDATE' THEN
		PERFORM "analytics_refresh_roles"(ARRAY(
			SELECT p."role_id" FROM new_rows n JOIN "pipelines" p ON p."id" = n."pipeline_id"
			UNION SELECT p."role_id" FROM old_rows o JOIN "pipelines" p ON p."id" = o."pipeline_id"));
	ELSE
		PERFORM "analytics_refresh_roles"(ARRAY(SELECT p."role_id" FROM old_rows o JOIN "pipelines" p ON p."id" = o."pipeline_id"));
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "submittals_analytics_insert" AFTER INSERT ON "submittals" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "analytics_follow_pipeline_rows"();--> statement-breakpoint
CREATE TRIGGER "submittals_analytics_update" AFTER UPDATE ON "submittals" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "analytics_follow_pipeline_rows"();--> statement-breakpoint
CREATE TRIGGER "submittals_analytics_delete" AFTER DELETE ON "submittals" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "analytics_follow_pipeline_rows"();--> statement-breakpoint
CREATE TRIGGER "placements_analytics_insert" AFTER INSERT ON "placements" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "analytics_follow_pipeline_rows"();--> statement-breakpoint
CREATE TRIGGER "placements_analytics_update" AFTER UPDATE ON "placements" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "analytics_follow_pipeline_rows"();--> statement-breakpoint
CREATE TRIGGER "placements_analytics_delete" AFTER DELETE ON "placements" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "analytics_follow_pipeline_rows"();--> statement-breakpoint
CREATE FUNCTION "analytics_follow_pipelines"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	-- A pipeline moved to another role or recruiter refreshes both roles; a deleted one its role (its
	-- submittals are gone by now: their cascade ran in this statement).
	IF TG_OP = 'UPDATE' THEN
		PERFORM "analytics_refresh_roles"(ARRAY(
			SELECT unnest(ARRAY[o."role_id", n."role_id"]) FROM old_rows o JOIN new_rows n ON n."id" = o."id"
			WHERE o."role_id" IS DISTINCT FROM n."role_id" OR o."recruiter_id" IS DISTINCT FROM n."recruiter_id"));
	ELSE
		PERFORM "analytics_refresh_roles"(ARRAY(SELECT o."role_id" FROM old_rows o));
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "pipelines_analytics_update" AFTER UPDATE ON "pipelines" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "analytics_follow_pipelines"();--> statement-breakpoint
CREATE TRIGGER "pipelines_analytics_delete" AFTER DELETE ON "pipelines" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "analytics_follow_pipelines"();--> statement-breakpoint
-- Backfill: every role with a submittal or a placement.
SELECT "analytics_refresh_roles"(ARRAY(SELECT DISTINCT p."role_id" FROM "pipelines" p WHERE EXISTS (SELECT 1 FROM "submittals" sb WHERE sb."pipeline_id" = p."id") OR EXISTS (SELECT 1 FROM "placements" pl WHERE pl."pipeline_id" = p."id")));
