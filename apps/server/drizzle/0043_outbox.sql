CREATE TABLE "message_uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "unsubscribes" (
	"id" serial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"source" text DEFAULT 'link' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_signature" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_uploads" ADD CONSTRAINT "message_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_uploads_user_id_idx" ON "message_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "unsubscribes_address_idx" ON "unsubscribes" USING btree (lower("address"));