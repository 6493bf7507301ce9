-- A line voided from an open order by staff (issue 17: 退菜): the line stays, marked, with who and why;
-- the order's totals drop by its amount, its stock goes back, and the stations that got it receive a
-- cancel ticket. Kitchen tickets' keys now name their lines (order/station/kind/lines), so a void and
-- a later cancel each make their own cancel ticket.
ALTER TABLE "order_lines" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "voided_by" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "void_reason" text DEFAULT '' NOT NULL;
