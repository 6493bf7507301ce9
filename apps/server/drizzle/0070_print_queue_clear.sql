-- A cloud printer's unprinted queue at its service, cleared by the print queue (issue 27: 飞鹅
-- Open_delPrinterSqs, 易联云 printer/cancelall): when the last clear the service confirmed was asked (a
-- job sent there before it that has not printed never will, so it may be sent again or moved to the
-- backup), and when one was asked whose answer was lost (it may have cleared: asked again until one is
-- confirmed, before any job sent before it is trusted as waiting).
ALTER TABLE "printers" ADD COLUMN "queue_cleared_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "printers" ADD COLUMN "queue_clear_asked_at" timestamp with time zone;
