ALTER TABLE "payouts" ADD COLUMN "client_id" integer;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "invoice_issue_date" date;--> statement-breakpoint
UPDATE "payouts" SET "client_id" = i."client_id", "currency" = i."currency", "invoice_issue_date" = i."issue_date" FROM "invoices" i WHERE i."id" = "payouts"."invoice_id";--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "client_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ALTER COLUMN "invoice_issue_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_balance_idx" ON "invoices" USING btree ("balance_minor","id");--> statement-breakpoint
CREATE INDEX "invoices_total_idx" ON "invoices" USING btree ("total_minor","id");--> statement-breakpoint
CREATE INDEX "invoices_due_date_idx" ON "invoices" USING btree ("due_date","id");--> statement-breakpoint
CREATE INDEX "payouts_client_date_idx" ON "payouts" USING btree ("client_id","date");