ALTER TABLE "candidates" ADD COLUMN "processing_restricted" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "candidates" ADD COLUMN "erased_at" timestamp with time zone;