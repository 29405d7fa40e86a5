-- A version of "what open roles' match profiles are built from" (roles, their qualifications, their match
-- settings, client names): bumped once per statement that changes them, so the role-profile cache
-- (modules/matching/role-profile-cache.ts) asks one number instead of reloading 5,000 roles every few seconds.
-- A sequence, not a counter row: no lock shared by concurrent writers (a bump from a rolled-back or not yet
-- committed write only costs one extra reload; the cache also reloads whatever the version says every minute).
CREATE SEQUENCE IF NOT EXISTS "matching_roles_version";--> statement-breakpoint
CREATE FUNCTION "matching_roles_version_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('matching_roles_version');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "roles_matching_version" AFTER INSERT OR UPDATE OR DELETE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "matching_roles_version_bump"();--> statement-breakpoint
CREATE TRIGGER "job_qualifications_matching_version" AFTER INSERT OR UPDATE OR DELETE ON "job_qualifications"
  FOR EACH STATEMENT EXECUTE FUNCTION "matching_roles_version_bump"();--> statement-breakpoint
CREATE TRIGGER "role_match_settings_matching_version" AFTER INSERT OR UPDATE OR DELETE ON "role_match_settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "matching_roles_version_bump"();--> statement-breakpoint
CREATE TRIGGER "clients_matching_version" AFTER UPDATE ON "clients"
  FOR EACH STATEMENT EXECUTE FUNCTION "matching_roles_version_bump"();
