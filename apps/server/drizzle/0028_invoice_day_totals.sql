CREATE TABLE "invoice_day_totals" (
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"kind" text NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"invoice_count" integer NOT NULL,
	"total_minor" bigint NOT NULL,
	"paid_minor" bigint NOT NULL,
	"balance_minor" bigint NOT NULL,
	"owing_count" integer NOT NULL,
	"owing_minor" bigint NOT NULL,
	CONSTRAINT "invoice_day_totals_currency_status_kind_issue_date_due_date_pk" PRIMARY KEY("currency","status","kind","issue_date","due_date")
);
--> statement-breakpoint
CREATE TABLE "payout_day_totals" (
	"currency" text NOT NULL,
	"date" date NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "payout_day_totals_currency_date_pk" PRIMARY KEY("currency","date")
);
--> statement-breakpoint
CREATE INDEX "payouts_invoice_issue_idx" ON "payouts" USING btree ("invoice_issue_date");
--> statement-breakpoint
-- invoice_day_totals follows invoices: each insert adds the row's figures to its group, each delete takes
-- them away, an update does both (only when a summed or grouping column changed). Groups left empty stay:
-- they sum to zero, and a later invoice on the same day reuses them.
CREATE FUNCTION "invoice_day_totals_add"(r "invoices", sign integer) RETURNS void
LANGUAGE sql AS $$
	INSERT INTO "invoice_day_totals" AS t ("currency", "status", "kind", "issue_date", "due_date", "invoice_count", "total_minor", "paid_minor", "balance_minor", "owing_count", "owing_minor")
	VALUES (r."currency", r."status", r."kind", r."issue_date", r."due_date", sign, sign * r."total_minor", sign * r."paid_minor", sign * r."balance_minor",
		CASE WHEN r."balance_minor" > 0 THEN sign ELSE 0 END, CASE WHEN r."balance_minor" > 0 THEN sign * r."balance_minor" ELSE 0 END)
	ON CONFLICT ("currency", "status", "kind", "issue_date", "due_date") DO UPDATE SET
		"invoice_count" = t."invoice_count" + EXCLUDED."invoice_count",
		"total_minor" = t."total_minor" + EXCLUDED."total_minor",
		"paid_minor" = t."paid_minor" + EXCLUDED."paid_minor",
		"balance_minor" = t."balance_minor" + EXCLUDED."balance_minor",
		"owing_count" = t."owing_count" + EXCLUDED."owing_count",
		"owing_minor" = t."owing_minor" + EXCLUDED."owing_minor"
$$;--> statement-breakpoint
CREATE FUNCTION "invoice_day_totals_sync"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM "invoice_day_totals_add"(OLD, -1); END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM "invoice_day_totals_add"(NEW, 1); END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "invoice_day_totals_sync" AFTER INSERT OR DELETE ON "invoices"
FOR EACH ROW EXECUTE FUNCTION "invoice_day_totals_sync"();--> statement-breakpoint
CREATE TRIGGER "invoice_day_totals_sync_update" AFTER UPDATE OF "currency", "status", "kind", "issue_date", "due_date", "total_minor", "paid_minor", "balance_minor" ON "invoices"
FOR EACH ROW WHEN ((OLD."currency", OLD."status", OLD."kind", OLD."issue_date", OLD."due_date", OLD."total_minor", OLD."paid_minor", OLD."balance_minor")
	IS DISTINCT FROM (NEW."currency", NEW."status", NEW."kind", NEW."issue_date", NEW."due_date", NEW."total_minor", NEW."paid_minor", NEW."balance_minor"))
EXECUTE FUNCTION "invoice_day_totals_sync"();--> statement-breakpoint
CREATE FUNCTION "payout_day_totals_sync"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP IN ('UPDATE', 'DELETE') THEN
		INSERT INTO "payout_day_totals" AS t ("currency", "date", "amount_minor") VALUES (OLD."currency", OLD."date", -OLD."amount_minor")
		ON CONFLICT ("currency", "date") DO UPDATE SET "amount_minor" = t."amount_minor" + EXCLUDED."amount_minor";
	END IF;
	IF TG_OP IN ('UPDATE', 'INSERT') THEN
		INSERT INTO "payout_day_totals" AS t ("currency", "date", "amount_minor") VALUES (NEW."currency", NEW."date", NEW."amount_minor")
		ON CONFLICT ("currency", "date") DO UPDATE SET "amount_minor" = t."amount_minor" + EXCLUDED."amount_minor";
	END IF;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "payout_day_totals_sync" AFTER INSERT OR UPDATE OF "currency", "date", "amount_minor" OR DELETE ON "payouts"
FOR EACH ROW EXECUTE FUNCTION "payout_day_totals_sync"();--> statement-breakpoint
-- The rows written before.
INSERT INTO "invoice_day_totals" ("currency", "status", "kind", "issue_date", "due_date", "invoice_count", "total_minor", "paid_minor", "balance_minor", "owing_count", "owing_minor")
SELECT "currency", "status", "kind", "issue_date", "due_date", count(*), sum("total_minor"), sum("paid_minor"), sum("balance_minor"),
	count(*) FILTER (WHERE "balance_minor" > 0), coalesce(sum("balance_minor") FILTER (WHERE "balance_minor" > 0), 0)
FROM "invoices" GROUP BY 1, 2, 3, 4, 5;--> statement-breakpoint
INSERT INTO "payout_day_totals" ("currency", "date", "amount_minor")
SELECT "currency", "date", sum("amount_minor") FROM "payouts" GROUP BY 1, 2;
