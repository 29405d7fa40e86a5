CREATE TABLE "analytics_stage_stays" (
	"pipeline_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	"recruiter_id" integer,
	"pipeline_created_at" timestamp with time zone NOT NULL,
	"stage" text NOT NULL,
	"days" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analytics_stage_stays" ADD CONSTRAINT "analytics_stage_stays_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_stage_stays_created_idx" ON "analytics_stage_stays" USING btree ("pipeline_created_at");--> statement-breakpoint
CREATE INDEX "analytics_stage_stays_pipeline_idx" ON "analytics_stage_stays" USING btree ("pipeline_id");--> statement-breakpoint
-- Decision 056: a pipeline's stays follow its events and its role, recruiter and creation time. A write
-- recomputes the stays of the pipelines it touches (the stages set's former window query, per pipeline),
-- under a per-pipeline advisory lock (a table lock above 64 pipelines: bulk loads).
CREATE FUNCTION "analytics_refresh_stays"(ids integer[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	ids := ARRAY(SELECT DISTINCT x FROM unnest(ids) AS x WHERE x IS NOT NULL ORDER BY x);
	IF cardinality(ids) = 0 THEN RETURN; END IF;
	IF cardinality(ids) > 64 THEN
		LOCK TABLE "analytics_stage_stays" IN SHARE ROW EXCLUSIVE MODE;
	ELSE
		PERFORM pg_advisory_xact_lock(56057, x) FROM unnest(ids) AS x ORDER BY x;
	END IF;
	DELETE FROM "analytics_stage_stays" WHERE "pipeline_id" = ANY(ids);
	INSERT INTO "analytics_stage_stays" ("pipeline_id", "role_id", "recruiter_id", "pipeline_created_at", "stage", "days")
	SELECT m.pipeline_id, p."role_id", p."recruiter_id", p."created_at", m.to_stage, extract(epoch FROM m.left_at - m.entered_at) / 86400
	FROM (
		SELECT e."pipeline_id", e."to_stage", e."created_at" AS entered_at,
		       lead(e."created_at") OVER (PARTITION BY e."pipeline_id" ORDER BY e."created_at", e."id") AS left_at
		FROM "pipeline_events" e
		WHERE e."pipeline_id" = ANY(ids) AND e."to_stage" IS NOT NULL AND e."to_stage" IS DISTINCT FROM e."from_stage"
	) m JOIN "pipelines" p ON p."id" = m.pipeline_id
	WHERE m.left_at IS NOT NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "analytics_follow_pipeline_events"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "analytics_refresh_stays"(ARRAY(SELECT n."pipeline_id" FROM new_rows n WHERE n."to_stage" IS NOT NULL));
	ELSIF TG_OP = 'UPDATE' THEN
		PERFORM "analytics_refresh_stays"(ARRAY(SELECT n."pipeline_id" FROM new_rows n UNION SELECT o."pipeline_id" FROM old_rows o));
	ELSE
		-- A pipeline's own deletion cascades here: its stays went with it (the refresh finds no pipeline).
		PERFORM "analytics_refresh_stays"(ARRAY(SELECT o."pipeline_id" FROM old_rows o WHERE o."to_stage" IS NOT NULL));
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "pipeline_events_analytics_insert" AFTER INSERT ON "pipeline_events" REFERENCING NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "analytics_follow_pipeline_events"();--> statement-breakpoint
CREATE TRIGGER "pipeline_events_analytics_update" AFTER UPDATE ON "pipeline_events" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "analytics_follow_pipeline_events"();--> statement-breakpoint
CREATE TRIGGER "pipeline_events_analytics_delete" AFTER DELETE ON "pipeline_events" REFERENCING OLD TABLE AS old_rows
FOR EACH STATEMENT EXECUTE FUNCTION "analytics_follow_pipeline_events"();--> statement-breakpoint
CREATE FUNCTION "analytics_follow_pipelines_stays"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM "analytics_refresh_stays"(ARRAY(
		SELECT n."id" FROM old_rows o JOIN new_rows n ON n."id" = o."id"
		WHERE o."role_id" IS DISTINCT FROM n."role_id" OR o."recruiter_id" IS DISTINCT FROM n."recruiter_id" OR o."created_at" IS DISTINCT FROM n."created_at"));
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "pipelines_analytics_stays_update" AFTER UPDATE ON "pipelines" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION "analytics_follow_pipelines_stays"();--> statement-breakpoint
-- Backfill: every pipeline with a stage event.
SELECT "analytics_refresh_stays"(ARRAY(SELECT DISTINCT e."pipeline_id" FROM "pipeline_events" e WHERE e."to_stage" IS NOT NULL));
