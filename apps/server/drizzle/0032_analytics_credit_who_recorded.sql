-- Issue 29 item g: a submittal is credited to the user who recorded it, a placement to the user who recorded
-- it (the pipeline's recruiter only when that is unknown: rows from before, or the user was deleted), not to
-- the pipeline's recruiter (by default the role's owner). Same refresh as migration 0029 otherwise; every
-- role's rows are rebuilt.
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
		SELECT p."role_id", sb."submitted_on" AS day, coalesce(sb."submitted_by", p."recruiter_id"), 1 AS submittals, 0 AS placements, 0::bigint AS fee_minor
		FROM "submittals" sb JOIN "pipelines" p ON p."id" = sb."pipeline_id" WHERE p."role_id" = ANY(ids)
		UNION ALL
		SELECT p."role_id", (pl."created_at" AT TIME ZONE zone)::date, coalesce(pl."created_by", p."recruiter_id"), 0, 1, round(pl."fee" * 100)::bigint
		FROM "placements" pl JOIN "pipelines" p ON p."id" = pl."pipeline_id" WHERE p."role_id" = ANY(ids)
	) f (role_id, day, recruiter_id, submittals, placements, fee_minor)
	GROUP BY f.role_id, f.day, f.recruiter_id;
	INSERT INTO "analytics_roles" ("role_id", "first_submittal_on", "placements")
	SELECT d."role_id", min(d."day") FILTER (WHERE d."submittals" > 0), coalesce(sum(d."placements"), 0)::int
	FROM "analytics_role_days" d WHERE d."role_id" = ANY(ids)
	GROUP BY d."role_id";
END
$$;--> statement-breakpoint
-- Backfill
SELECT "analytics_refresh_roles"(ARRAY(SELECT DISTINCT p."role_id" FROM "pipelines" p WHERE EXISTS (SELECT 1 FROM "submittals" sb WHERE sb."pipeline_id" = p."id") OR EXISTS (SELECT 1 FROM "placements" pl WHERE pl."pipeline_id" = p."id")));
