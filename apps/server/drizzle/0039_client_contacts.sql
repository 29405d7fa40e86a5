CREATE TABLE "client_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"job_title" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"left_company" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "role_contacts" (
	"role_id" integer NOT NULL,
	"contact_id" integer NOT NULL,
	CONSTRAINT "role_contacts_role_id_contact_id_pk" PRIMARY KEY("role_id","contact_id")
);
--> statement-breakpoint
ALTER TABLE "roles" ADD COLUMN "hiring_manager_contact_id" integer;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_contacts" ADD CONSTRAINT "client_contacts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_contacts" ADD CONSTRAINT "role_contacts_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_contacts" ADD CONSTRAINT "role_contacts_contact_id_client_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."client_contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_contacts_client_id_idx" ON "client_contacts" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "client_contacts_email_lower_idx" ON "client_contacts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "role_contacts_contact_id_idx" ON "role_contacts" USING btree ("contact_id");--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_hiring_manager_contact_id_client_contacts_id_fk" FOREIGN KEY ("hiring_manager_contact_id") REFERENCES "public"."client_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- ---- Hand-written (issue 33, decision 104): each client's single contact becomes its first contact ----
-- The name is split at its last space (no space: all of it is the first name); nothing is dropped, and the
-- client's contact columns stay as they are. Clients whose three fields are empty get no contact. Safe to run
-- again: a client that has a contact already is skipped (contacts.test.ts runs this block on its own).
INSERT INTO "client_contacts" ("client_id", "first_name", "last_name", "email", "phone", "created_by", "created_at", "updated_at")
SELECT
  c."id",
  CASE WHEN btrim(c."contact_name") ~ '\s' THEN regexp_replace(btrim(c."contact_name"), '\s+\S+$', '') ELSE btrim(c."contact_name") END,
  CASE WHEN btrim(c."contact_name") ~ '\s' THEN regexp_replace(btrim(c."contact_name"), '^.*\s', '') ELSE '' END,
  btrim(c."contact_email"),
  btrim(c."contact_phone"),
  c."created_by",
  c."created_at",
  c."updated_at"
FROM "clients" c
WHERE (btrim(c."contact_name") <> '' OR btrim(c."contact_email") <> '' OR btrim(c."contact_phone") <> '')
  AND NOT EXISTS (SELECT 1 FROM "client_contacts" cc WHERE cc."client_id" = c."id")
ORDER BY c."id";
