CREATE TABLE "email_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"scope" text NOT NULL,
	"purpose" text DEFAULT 'general' NOT NULL,
	"subject" text NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"owner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_scope_check" CHECK ("email_templates"."scope" in ('shared', 'personal')),
	CONSTRAINT "email_templates_purpose_check" CHECK ("email_templates"."purpose" in ('general', 'submittal'))
);
--> statement-breakpoint
CREATE TABLE "sequence_enrolments" (
	"id" serial PRIMARY KEY NOT NULL,
	"sequence_id" integer NOT NULL,
	"candidate_id" integer NOT NULL,
	"role_id" integer,
	"enrolled_by" integer,
	"state" text DEFAULT 'active' NOT NULL,
	"stop_reason" text,
	"stop_detail" text DEFAULT '' NOT NULL,
	"stop_message_id" integer,
	"next_step" integer DEFAULT 0 NOT NULL,
	"next_run_at" timestamp with time zone,
	"enrolled_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stopped_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sequence_enrolments_state_check" CHECK ("sequence_enrolments"."state" in ('active', 'stopped', 'finished'))
);
--> statement-breakpoint
CREATE TABLE "sequence_step_sends" (
	"enrolment_id" integer NOT NULL,
	"position" integer NOT NULL,
	"message_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sequence_step_sends_enrolment_id_position_pk" PRIMARY KEY("enrolment_id","position")
);
--> statement-breakpoint
CREATE TABLE "sequence_steps" (
	"sequence_id" integer NOT NULL,
	"position" integer NOT NULL,
	"template_id" integer NOT NULL,
	"delay_days" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sequence_steps_sequence_id_position_pk" PRIMARY KEY("sequence_id","position")
);
--> statement-breakpoint
CREATE TABLE "sequences" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"skip_weekends" boolean DEFAULT true NOT NULL,
	"owner_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_enrolments" ADD CONSTRAINT "sequence_enrolments_sequence_id_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."sequences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_enrolments" ADD CONSTRAINT "sequence_enrolments_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_enrolments" ADD CONSTRAINT "sequence_enrolments_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_enrolments" ADD CONSTRAINT "sequence_enrolments_enrolled_by_users_id_fk" FOREIGN KEY ("enrolled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_enrolments" ADD CONSTRAINT "sequence_enrolments_stop_message_id_messages_id_fk" FOREIGN KEY ("stop_message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_step_sends" ADD CONSTRAINT "sequence_step_sends_enrolment_id_sequence_enrolments_id_fk" FOREIGN KEY ("enrolment_id") REFERENCES "public"."sequence_enrolments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_step_sends" ADD CONSTRAINT "sequence_step_sends_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_sequence_id_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."sequences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequence_steps" ADD CONSTRAINT "sequence_steps_template_id_email_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."email_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sequences" ADD CONSTRAINT "sequences_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_templates_owner_idx" ON "email_templates" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sequence_enrolments_active_idx" ON "sequence_enrolments" USING btree ("sequence_id","candidate_id") WHERE "sequence_enrolments"."state" = 'active';--> statement-breakpoint
CREATE INDEX "sequence_enrolments_due_idx" ON "sequence_enrolments" USING btree ("next_run_at") WHERE "sequence_enrolments"."state" = 'active';--> statement-breakpoint
CREATE INDEX "sequence_enrolments_candidate_idx" ON "sequence_enrolments" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "sequence_steps_template_idx" ON "sequence_steps" USING btree ("template_id");