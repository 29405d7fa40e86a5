CREATE TABLE "data_protection_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"candidate_id" integer,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"channel" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"filed_by" integer,
	"received_at" timestamp with time zone NOT NULL,
	"deadline_at" timestamp with time zone NOT NULL,
	"reminded_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	CONSTRAINT "data_protection_requests_kind" CHECK ("data_protection_requests"."kind" in ('access', 'erasure', 'rectification', 'withdraw_consent', 'restriction')),
	CONSTRAINT "data_protection_requests_status" CHECK ("data_protection_requests"."status" in ('open', 'done', 'rejected')),
	CONSTRAINT "data_protection_requests_channel" CHECK ("data_protection_requests"."channel" in ('self_service', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "retention_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"candidate_id" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"notice_sent_at" timestamp with time zone NOT NULL,
	"message_id" integer,
	"waiting_reason" text,
	"owners_notified_at" timestamp with time zone,
	"anonymised_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "retention_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"ran_at" timestamp with time zone NOT NULL,
	"notices_sent" integer DEFAULT 0 NOT NULL,
	"anonymised" integer DEFAULT 0 NOT NULL,
	"waiting" integer DEFAULT 0 NOT NULL,
	"owners_notified" integer DEFAULT 0 NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"details" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agency_settings" ADD COLUMN "retention_months" integer DEFAULT 24 NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_settings" ADD COLUMN "renewal_notice_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "agency_settings" ADD COLUMN "expiry_action" text DEFAULT 'anonymise' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD COLUMN "legal_basis" text DEFAULT 'legitimate_interest' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD COLUMN "legal_basis_source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD COLUMN "legal_basis_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "client_contacts" ADD COLUMN "consent_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD COLUMN "legal_basis_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "legal_basis" text DEFAULT 'legitimate_interest' NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "legal_basis_source" text DEFAULT 'manual' NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "legal_basis_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "consent_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "legal_basis_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "consent_withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "processing_restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "consent_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "data_protection_requests" ADD CONSTRAINT "data_protection_requests_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_protection_requests" ADD CONSTRAINT "data_protection_requests_filed_by_users_id_fk" FOREIGN KEY ("filed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_protection_requests" ADD CONSTRAINT "data_protection_requests_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_notices" ADD CONSTRAINT "retention_notices_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "retention_notices" ADD CONSTRAINT "retention_notices_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_protection_requests_status_deadline_idx" ON "data_protection_requests" USING btree ("status","deadline_at");--> statement-breakpoint
CREATE INDEX "data_protection_requests_candidate_idx" ON "data_protection_requests" USING btree ("candidate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "retention_notices_candidate_due_idx" ON "retention_notices" USING btree ("candidate_id","due_at");--> statement-breakpoint
CREATE INDEX "retention_runs_ran_at_idx" ON "retention_runs" USING btree ("ran_at");--> statement-breakpoint
CREATE INDEX "candidates_legal_basis_expires_idx" ON "candidates" USING btree ("legal_basis_expires_at");--> statement-breakpoint
ALTER TABLE "agency_settings" ADD CONSTRAINT "agency_settings_expiry_action" CHECK ("agency_settings"."expiry_action" in ('anonymise', 'notify'));--> statement-breakpoint
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
FOR EACH ROW EXECUTE FUNCTION "candidates_restricted_search_text"();--> statement-breakpoint
-- ---- Hand-written (issue 34; re-append after regenerating) ----
-- People recorded before issue 34: legitimate interest since their record was made; the retention job works out
-- their expiry from their last activity (docs/data-protection.md "Retention").
UPDATE "candidates" SET "legal_basis_at" = "created_at" WHERE "legal_basis_at" IS NULL;

