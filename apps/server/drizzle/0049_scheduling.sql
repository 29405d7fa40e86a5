CREATE TABLE "offered_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "slot_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"pipeline_id" integer NOT NULL,
	"interviewer_id" integer,
	"interviewer_name" text DEFAULT '' NOT NULL,
	"time_zone" text NOT NULL,
	"duration_minutes" integer NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"meeting_url" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"contact_pick_books" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"calendar_uid" text NOT NULL,
	"sequence" integer DEFAULT -1 NOT NULL,
	"replaces_offer_id" integer,
	"booked_slot_id" integer,
	"booked_starts_at" timestamp with time zone,
	"interview_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_offers_status_check" CHECK ("slot_offers"."status" in ('open', 'booked', 'cancelled', 'replaced'))
);
--> statement-breakpoint
CREATE TABLE "slot_participants" (
	"id" serial PRIMARY KEY NOT NULL,
	"offer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"contact_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"picked_slot_id" integer,
	"picked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_participants_kind_check" CHECK ("slot_participants"."kind" in ('candidate', 'contact'))
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "calendar_event" jsonb;--> statement-breakpoint
ALTER TABLE "offered_slots" ADD CONSTRAINT "offered_slots_offer_id_slot_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."slot_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_offers" ADD CONSTRAINT "slot_offers_pipeline_id_pipelines_id_fk" FOREIGN KEY ("pipeline_id") REFERENCES "public"."pipelines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_offers" ADD CONSTRAINT "slot_offers_interviewer_id_users_id_fk" FOREIGN KEY ("interviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_offers" ADD CONSTRAINT "slot_offers_interview_id_interviews_id_fk" FOREIGN KEY ("interview_id") REFERENCES "public"."interviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_offers" ADD CONSTRAINT "slot_offers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_participants" ADD CONSTRAINT "slot_participants_offer_id_slot_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."slot_offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_participants" ADD CONSTRAINT "slot_participants_contact_id_client_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."client_contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_participants" ADD CONSTRAINT "slot_participants_picked_slot_id_offered_slots_id_fk" FOREIGN KEY ("picked_slot_id") REFERENCES "public"."offered_slots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "offered_slots_offer_start_idx" ON "offered_slots" USING btree ("offer_id","starts_at");--> statement-breakpoint
CREATE INDEX "slot_offers_pipeline_idx" ON "slot_offers" USING btree ("pipeline_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "slot_offers_one_active_idx" ON "slot_offers" USING btree ("pipeline_id") WHERE "slot_offers"."status" in ('open', 'booked');--> statement-breakpoint
CREATE UNIQUE INDEX "slot_offers_interviewer_booked_idx" ON "slot_offers" USING btree ("interviewer_id","booked_starts_at") WHERE "slot_offers"."status" = 'booked';--> statement-breakpoint
CREATE UNIQUE INDEX "slot_participants_token_idx" ON "slot_participants" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "slot_participants_offer_kind_idx" ON "slot_participants" USING btree ("offer_id","kind");