CREATE TABLE "portal_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"share_id" integer NOT NULL,
	"pipeline_id" integer,
	"action" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_share_candidates" (
	"id" serial PRIMARY KEY NOT NULL,
	"share_id" integer NOT NULL,
	"pipeline_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"pitch" text DEFAULT '' NOT NULL,
	"first_viewed_at" timestamp with time zone,
	"last_viewed_at" timestamp with time zone,
	"decision" text,
	"decision_at" timestamp with time zone,
	"decision_detail" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portal_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"role_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"show_salary" boolean DEFAULT false NOT NULL,
	"remove_contact_details" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"opened_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pipeline_events" ADD COLUMN "contact_id" integer;--> statement-breakpoint
ALTER TABLE "portal_events" ADD CONSTRAINT "portal_events_share_id_portal_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."portal_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_events" ADD CONSTRAINT "portal_events_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_share_candidates" ADD CONSTRAINT "portal_share_candidates_share_id_portal_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."portal_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_share_candidates" ADD CONSTRAINT "portal_share_candidates_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_shares" ADD CONSTRAINT "portal_shares_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_shares" ADD CONSTRAINT "portal_shares_contact_id_client_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."client_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "portal_shares" ADD CONSTRAINT "portal_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "portal_events_share_created_idx" ON "portal_events" USING btree ("share_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_share_candidates_share_pipeline_idx" ON "portal_share_candidates" USING btree ("share_id","pipeline_id");--> statement-breakpoint
CREATE INDEX "portal_share_candidates_pipeline_id_idx" ON "portal_share_candidates" USING btree ("pipeline_id");--> statement-breakpoint
CREATE UNIQUE INDEX "portal_shares_token_hash_idx" ON "portal_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "portal_shares_role_id_idx" ON "portal_shares" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "portal_shares_contact_id_idx" ON "portal_shares" USING btree ("contact_id");--> statement-breakpoint
ALTER TABLE "pipeline_events" ADD CONSTRAINT "pipeline_events_contact_id_client_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."client_contacts"("id") ON DELETE set null ON UPDATE no action;