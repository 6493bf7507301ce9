-- Kitchen tickets print themselves, exactly once (issue 27): a restaurant's printers (LAN ESC/POS,
-- 飞鹅, 易联云 or the browser; secrets sealed with SECRET; a backup each), the printer each station's
-- tickets go to, and the print queue: one job per page per printer with its own id, its state
-- queued → sent → printed / failed / unknown, and where it was moved (转打印).
CREATE TABLE "printers" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL REFERENCES "restaurants"("id"),
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"paper" integer DEFAULT 80 NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sealed_secret" text,
	"backup_printer_id" integer REFERENCES "printers"("id"),
	"counter" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'unknown' NOT NULL,
	"state_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "printers_kind" CHECK ("kind" in ('lan', 'feieyun', 'yilianyun', 'browser')),
	CONSTRAINT "printers_paper" CHECK ("paper" in (58, 80)),
	CONSTRAINT "printers_state" CHECK ("state" in ('unknown', 'online', 'offline', 'paperOut', 'coverOpen')),
	CONSTRAINT "printers_backup_not_self" CHECK ("backup_printer_id" is null or "backup_printer_id" <> "id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "printers_restaurant_name" ON "printers" ("restaurant_id", "name");--> statement-breakpoint
ALTER TABLE "stations" ADD COLUMN "printer_id" integer REFERENCES "printers"("id");--> statement-breakpoint
CREATE TABLE "print_jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL REFERENCES "restaurants"("id"),
	"printer_id" integer NOT NULL REFERENCES "printers"("id"),
	"first_printer_id" integer NOT NULL REFERENCES "printers"("id"),
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"ticket_id" integer REFERENCES "kitchen_tickets"("id"),
	"order_id" integer REFERENCES "orders"("id"),
	"page" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"remote_id" text,
	"error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"transferred_at" timestamp with time zone,
	CONSTRAINT "print_jobs_kind" CHECK ("kind" in ('ticket', 'reprint', 'bill', 'pickup', 'test')),
	CONSTRAINT "print_jobs_state" CHECK ("state" in ('queued', 'sent', 'printed', 'failed', 'unknown'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "print_jobs_key" ON "print_jobs" ("key");--> statement-breakpoint
CREATE INDEX "print_jobs_due_idx" ON "print_jobs" ("state", "next_at");--> statement-breakpoint
CREATE INDEX "print_jobs_restaurant_idx" ON "print_jobs" ("restaurant_id", "id");
