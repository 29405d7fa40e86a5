CREATE TABLE "analytics_time_zone" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	CONSTRAINT "analytics_time_zone_one_row" CHECK ("analytics_time_zone"."id")
);
--> statement-breakpoint
INSERT INTO "analytics_time_zone" ("id", "time_zone") VALUES (true, 'UTC');--> statement-breakpoint
-- Decision 060: placements count on their calendar day in the agency's zone (analytics_time_zone), not UTC.
-- Same refresh as migration 0025 otherwise.
CREATE OR REPLACE FUNCTION "analytics_refresh_roles"(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
	zone text := coalesce((SELECT "time_zone" FROM "analytics_time_zone"), 'UTC');
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
		SELECT p."role_id", (pl."created_at" AT TIME ZONE zone)::date, p."recruiter_id", 0, 1, round(pl."fee" * 100)::bigint
		FROM "placements" pl JOIN "pipelines" p ON p."id" = pl."pipeline_id" WHERE p."role_id" = ANY(ids)
	) f
	GROUP BY f.role_id, f.day, f.recruiter_id;
	INSERT INTO "analytics_roles" ("role_id", "first_submittal_on", "placements")
	SELECT d."role_id", min(d."day") FILTER (WHERE d."submittals" > 0), coalesce(sum(d."placements"), 0)::int
	FROM "analytics_role_days" d WHERE d."role_id" = ANY(ids)
	GROUP BY d."role_id";
END
$$;--> statement-breakpoint
-- Sets the zone; when it changes, rebuilds the rows of every role with a placement (the only rows whose day
-- depends on it). The row lock serialises servers starting together. Returns whether anything changed.
CREATE FUNCTION "analytics_use_time_zone"(new_zone text) RETURNS boolean
LANGUAGE plpgsql AS $$
DECLARE
	current_zone text;
BEGIN
	PERFORM now() AT TIME ZONE new_zone; -- an unknown zone raises here, before anything changes
	SELECT "time_zone" INTO current_zone FROM "analytics_time_zone" FOR UPDATE;
	IF current_zone IS NOT DISTINCT FROM new_zone THEN RETURN false; END IF;
	UPDATE "analytics_time_zone" SET "time_zone" = new_zone;
	PERFORM "analytics_refresh_roles"(ARRAY(SELECT DISTINCT p."role_id" FROM "placements" pl JOIN "pipelines" p ON p."id" = pl."pipeline_id"));
	RETURN true;
END
$$;
