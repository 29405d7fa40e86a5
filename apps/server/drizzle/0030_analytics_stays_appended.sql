-- Issue 15 (soak): every stage event recomputed all the stays of its pipeline (delete and re-insert), so a
-- move cost grew with the pipeline's history and left as many dead rows as it had stays. An insert that
-- appends (each new stage event after every stage event the pipeline already has, the usual case) now only
-- adds the stays the new events close: the pipeline's last stay up to the first new event, and each new one
-- up to the next. Anything else (a back-dated event, an update, a delete) still recomputes the pipeline.
-- Same per-pipeline advisory lock as analytics_refresh_stays, taken before the events are read.
CREATE OR REPLACE FUNCTION "analytics_follow_pipeline_events"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	ids integer[];
	recompute integer[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		ids := ARRAY(SELECT DISTINCT n."pipeline_id" FROM new_rows n WHERE n."to_stage" IS NOT NULL ORDER BY 1);
		IF cardinality(ids) = 0 THEN RETURN NULL; END IF;
		IF cardinality(ids) > 64 THEN
			PERFORM "analytics_refresh_stays"(ids);
			RETURN NULL;
		END IF;
		PERFORM pg_advisory_xact_lock(56057, x) FROM unnest(ids) AS x ORDER BY x;
		-- Pipelines where a new stage event is not after all the others: recomputed.
		recompute := ARRAY(
			SELECT DISTINCT n."pipeline_id" FROM new_rows n
			WHERE n."to_stage" IS NOT NULL AND n."to_stage" IS DISTINCT FROM n."from_stage"
			  AND EXISTS (
				SELECT 1 FROM "pipeline_events" e
				WHERE e."pipeline_id" = n."pipeline_id" AND e."to_stage" IS NOT NULL AND e."to_stage" IS DISTINCT FROM e."from_stage"
				  AND NOT EXISTS (SELECT 1 FROM new_rows o WHERE o."id" = e."id")
				  AND (e."created_at", e."id") > (n."created_at", n."id")));
		PERFORM "analytics_refresh_stays"(recompute);
		INSERT INTO "analytics_stage_stays" ("pipeline_id", "role_id", "recruiter_id", "pipeline_created_at", "stage", "days")
		SELECT m.pipeline_id, p."role_id", p."recruiter_id", p."created_at", m.to_stage, extract(epoch FROM m.left_at - m.entered_at) / 86400
		FROM (
			SELECT s.pipeline_id, s.to_stage, s.created_at AS entered_at,
			       lead(s.created_at) OVER (PARTITION BY s.pipeline_id ORDER BY s.created_at, s.id) AS left_at
			FROM (
				-- The pipeline's last stage event before this statement, then the new ones.
				SELECT l.pipeline_id, l.to_stage, l.created_at, l.id
				FROM unnest(ids) AS x(pipeline_id)
				CROSS JOIN LATERAL (
					SELECT e."pipeline_id", e."to_stage", e."created_at", e."id"
					FROM "pipeline_events" e
					WHERE e."pipeline_id" = x.pipeline_id
					  AND e."to_stage" IS NOT NULL AND e."to_stage" IS DISTINCT FROM e."from_stage"
					  AND NOT EXISTS (SELECT 1 FROM new_rows o WHERE o."id" = e."id")
					ORDER BY e."created_at" DESC, e."id" DESC
					LIMIT 1
				) l
				WHERE x.pipeline_id <> ALL(recompute)
				UNION ALL
				SELECT n."pipeline_id", n."to_stage", n."created_at", n."id"
				FROM new_rows n
				WHERE n."pipeline_id" <> ALL(recompute)
				  AND n."to_stage" IS NOT NULL AND n."to_stage" IS DISTINCT FROM n."from_stage"
			) s
		) m JOIN "pipelines" p ON p."id" = m.pipeline_id
		WHERE m.left_at IS NOT NULL;
	ELSIF TG_OP = 'UPDATE' THEN
		PERFORM "analytics_refresh_stays"(ARRAY(SELECT n."pipeline_id" FROM new_rows n UNION SELECT o."pipeline_id" FROM old_rows o));
	ELSE
		-- A pipeline's own deletion cascades here: its stays went with it (the refresh finds no pipeline).
		PERFORM "analytics_refresh_stays"(ARRAY(SELECT o."pipeline_id" FROM old_rows o WHERE o."to_stage" IS NOT NULL));
	END IF;
	RETURN NULL;
END
$$;
