CREATE TABLE "unsubscribes" (
	"id" serial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "unsubscribes_address_lower_idx" ON "unsubscribes" USING btree (lower("address"));