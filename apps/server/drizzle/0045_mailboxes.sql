CREATE TABLE "mailbox_folders" (
	"mailbox_id" integer NOT NULL,
	"path" text NOT NULL,
	"uid_validity" bigint NOT NULL,
	"last_uid" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailbox_folders_mailbox_id_path_pk" PRIMARY KEY("mailbox_id","path")
);
--> statement-breakpoint
CREATE TABLE "mailbox_messages" (
	"mailbox_id" integer NOT NULL,
	"message_id" integer NOT NULL,
	CONSTRAINT "mailbox_messages_mailbox_id_message_id_pk" PRIMARY KEY("mailbox_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "mailboxes" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"owner_id" integer,
	"label" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"host" text NOT NULL,
	"port" integer NOT NULL,
	"tls" boolean DEFAULT true NOT NULL,
	"username" text NOT NULL,
	"password_encrypted" text NOT NULL,
	"sync_state" text DEFAULT 'connecting' NOT NULL,
	"stopped_since" timestamp with time zone,
	"stopped_reason" text,
	"retryable" boolean DEFAULT true NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_synced_at" timestamp with time zone,
	"messages_synced" integer DEFAULT 0 NOT NULL,
	"uses_idle" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailboxes_kind_check" CHECK ("mailboxes"."kind" in ('shared', 'personal')),
	CONSTRAINT "mailboxes_sync_state_check" CHECK ("mailboxes"."sync_state" in ('connecting', 'syncing', 'idle', 'stopped'))
);
--> statement-breakpoint
ALTER TABLE "mailbox_folders" ADD CONSTRAINT "mailbox_folders_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD CONSTRAINT "mailbox_messages_mailbox_id_mailboxes_id_fk" FOREIGN KEY ("mailbox_id") REFERENCES "public"."mailboxes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_messages" ADD CONSTRAINT "mailbox_messages_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD CONSTRAINT "mailboxes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailbox_messages_message_idx" ON "mailbox_messages" USING btree ("message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "mailboxes_account_idx" ON "mailboxes" USING btree (lower("host"),"port",lower("username"));--> statement-breakpoint
CREATE INDEX "mailboxes_owner_idx" ON "mailboxes" USING btree ("owner_id");