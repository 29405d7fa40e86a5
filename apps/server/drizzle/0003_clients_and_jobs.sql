CREATE TABLE "clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"client_type" text NOT NULL,
	"state" text DEFAULT 'Open' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"industry" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_email" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"finders_fee_percent" numeric(5, 2),
	"guarantee_days" integer,
	"retainer_amount" numeric(14, 2),
	"retainer_instalments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"owner_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"close_reason" text,
	"close_note" text DEFAULT '' NOT NULL,
	"openings" integer DEFAULT 1 NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"remote_type" text DEFAULT 'onsite' NOT NULL,
	"employment_type" text DEFAULT 'full_time' NOT NULL,
	"salary_min" numeric(14, 2),
	"salary_max" numeric(14, 2),
	"salary_currency" text DEFAULT 'USD' NOT NULL,
	"fee_percent_override" numeric(5, 2),
	"priority" text DEFAULT 'medium' NOT NULL,
	"recruiter_id" integer,
	"opened_at" date NOT NULL,
	"closed_at" timestamp with time zone,
	"description_text" text DEFAULT '' NOT NULL,
	"description_file_key" text,
	"description_filename" text,
	"description_file_size" integer,
	"description_content_type" text,
	"description_uploaded_at" timestamp with time zone,
	"indeed_posting" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_qualifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"role_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'must_have' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_type" text NOT NULL,
	"object_id" integer NOT NULL,
	"body" text NOT NULL,
	"pinned" boolean DEFAULT false NOT NULL,
	"author_id" integer,
	"author_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_recruiter_id_users_id_fk" FOREIGN KEY ("recruiter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_qualifications" ADD CONSTRAINT "job_qualifications_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notes" ADD CONSTRAINT "notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_name_lower_unique" ON "clients" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "clients_state_idx" ON "clients" USING btree ("state");--> statement-breakpoint
CREATE INDEX "roles_state_opened_at_idx" ON "roles" USING btree ("state","opened_at");--> statement-breakpoint
CREATE INDEX "roles_client_id_idx" ON "roles" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "roles_recruiter_id_idx" ON "roles" USING btree ("recruiter_id");--> statement-breakpoint
CREATE INDEX "job_qualifications_role_position_idx" ON "job_qualifications" USING btree ("role_id","position");--> statement-breakpoint
CREATE INDEX "notes_target_idx" ON "notes" USING btree ("model_type","object_id","pinned","created_at");