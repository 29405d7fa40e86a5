CREATE TABLE "import_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"entity" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"previous" jsonb,
	"updated_at_after" timestamp with time zone NOT NULL,
	"line" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"headers" jsonb NOT NULL,
	"targets" jsonb NOT NULL,
	"created_by" integer,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_row_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"import_id" integer NOT NULL,
	"line" integer NOT NULL,
	"reason" text NOT NULL,
	"cells" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"filename" text NOT NULL,
	"file_key" text NOT NULL,
	"file_size" integer DEFAULT 0 NOT NULL,
	"format" text NOT NULL,
	"encoding" text,
	"delimiter" text,
	"headers" jsonb NOT NULL,
	"sample_rows" jsonb NOT NULL,
	"suggested_mapping" jsonb NOT NULL,
	"preset" text,
	"column_hints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"mapping" jsonb,
	"duplicate_policy" text,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"job_id" integer,
	"rows_done" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"refused_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_by" integer,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"undo_until" timestamp with time zone,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "import_changes" ADD CONSTRAINT "import_changes_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_row_results" ADD CONSTRAINT "import_row_results_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_changes_import_entity_idx" ON "import_changes" USING btree ("import_id","entity","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "import_mappings_kind_name_idx" ON "import_mappings" USING btree ("kind",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "import_row_results_import_line_idx" ON "import_row_results" USING btree ("import_id","line");--> statement-breakpoint
CREATE INDEX "imports_created_at_idx" ON "imports" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);