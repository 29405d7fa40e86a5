CREATE TABLE "message_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"content_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_links" (
	"message_id" integer NOT NULL,
	"record_type" text NOT NULL,
	"record_id" integer NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "message_links_record_type_check" CHECK ("message_links"."record_type" in ('candidate', 'contact', 'client', 'role', 'pipeline'))
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"direction" text NOT NULL,
	"status" text NOT NULL,
	"message_id_header" text NOT NULL,
	"in_reply_to" text,
	"references_header" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"thread_key" text NOT NULL,
	"from_name" text DEFAULT '' NOT NULL,
	"from_address" text NOT NULL,
	"to_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"cc_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"bcc_addresses" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body_html" text DEFAULT '' NOT NULL,
	"body_text" text DEFAULT '' NOT NULL,
	"author_id" integer,
	"idempotency_key" text,
	"send_after" timestamp with time zone,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"relay_response" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "messages_status_check" CHECK ("messages"."status" in ('queued', 'sending', 'sent', 'failed', 'bounced', 'unconfirmed', 'cancelled', 'received')),
	CONSTRAINT "messages_direction_check" CHECK ("messages"."direction" in ('outbound', 'inbound'))
);
--> statement-breakpoint
ALTER TABLE "message_attachments" ADD CONSTRAINT "message_attachments_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_links" ADD CONSTRAINT "message_links_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "message_attachments_message_id_idx" ON "message_attachments" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_links_unique_idx" ON "message_links" USING btree ("message_id","record_type","record_id");--> statement-breakpoint
CREATE INDEX "message_links_timeline_idx" ON "message_links" USING btree ("record_type","record_id","occurred_at","message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_message_id_header_idx" ON "messages" USING btree ("message_id_header");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_author_idempotency_idx" ON "messages" USING btree ("author_id","idempotency_key") WHERE "messages"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "messages_thread_key_idx" ON "messages" USING btree ("thread_key");--> statement-breakpoint
CREATE INDEX "messages_outbox_idx" ON "messages" USING btree ("send_after","id") WHERE "messages"."status" in ('queued', 'sending');