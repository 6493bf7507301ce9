-- Each mode as its diners expect (issue 25): an order's progress beside its status, moved by staff as
-- core's fulfilment.ts allows: a takeout's delivery (delivering → delivered), a reservation's answer
-- (confirmed | declined), a pick-up number called at the counter (called, counted each call).
ALTER TABLE "orders" ADD COLUMN "fulfilment" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "fulfilment_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "called_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_fulfilment" CHECK ("fulfilment" in ('delivering', 'delivered', 'confirmed', 'declined', 'called'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_called_count" CHECK ("called_count" >= 0 and ("called_count" = 0) = ("fulfilment" is distinct from 'called'));
