CREATE TABLE "bill_claims" (
	"id" serial PRIMARY KEY NOT NULL,
	"visit_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"share" integer NOT NULL,
	"shares" integer NOT NULL,
	"guid" text NOT NULL,
	"intent_id" integer,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_scope_key_pk" PRIMARY KEY("scope","key")
);
--> statement-breakpoint
CREATE TABLE "job_claims" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"intent_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"provider" text NOT NULL,
	"trade_no" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"next" jsonb,
	"provider_trade_id" text,
	"idempotency_key" text NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"checked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pay_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"intent_id" integer NOT NULL,
	"attempt_id" integer NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"refund_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_inbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"headers" jsonb NOT NULL,
	"body" text NOT NULL,
	"verified" boolean NOT NULL,
	"outcome" text NOT NULL,
	"trade_no" text,
	"restaurant_id" integer
);
--> statement-breakpoint
CREATE TABLE "pay_intent_orders" (
	"intent_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"live" boolean DEFAULT true NOT NULL,
	CONSTRAINT "pay_intent_orders_intent_id_order_id_pk" PRIMARY KEY("intent_id","order_id")
);
--> statement-breakpoint
CREATE TABLE "pay_intents" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer,
	"visit_id" integer,
	"payer_guid" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_merchants" (
	"restaurant_id" integer NOT NULL,
	"provider" text NOT NULL,
	"config" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_merchants_restaurant_id_provider_pk" PRIMARY KEY("restaurant_id","provider")
);
--> statement-breakpoint
CREATE TABLE "pay_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"intent_id" integer NOT NULL,
	"attempt_id" integer NOT NULL,
	"refund_no" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text NOT NULL,
	"actor" text NOT NULL,
	"approved_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"refund_no" text PRIMARY KEY NOT NULL,
	"trade_no" text NOT NULL,
	"refund_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_switches" (
	"restaurant_id" integer PRIMARY KEY NOT NULL,
	"switches" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_trades" (
	"trade_no" text PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"transaction_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"description" text NOT NULL,
	"notify_url" text NOT NULL,
	"return_url" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bill_claims" ADD CONSTRAINT "bill_claims_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_claims" ADD CONSTRAINT "bill_claims_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_claims" ADD CONSTRAINT "bill_claims_intent_id_pay_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."pay_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_attempts" ADD CONSTRAINT "pay_attempts_intent_id_pay_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."pay_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_attempts" ADD CONSTRAINT "pay_attempts_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_events" ADD CONSTRAINT "pay_events_intent_id_pay_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."pay_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_events" ADD CONSTRAINT "pay_events_attempt_id_pay_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."pay_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_intent_orders" ADD CONSTRAINT "pay_intent_orders_intent_id_pay_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."pay_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_intent_orders" ADD CONSTRAINT "pay_intent_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_intents" ADD CONSTRAINT "pay_intents_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_intents" ADD CONSTRAINT "pay_intents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_intents" ADD CONSTRAINT "pay_intents_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_merchants" ADD CONSTRAINT "pay_merchants_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_refunds" ADD CONSTRAINT "pay_refunds_intent_id_pay_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."pay_intents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_refunds" ADD CONSTRAINT "pay_refunds_attempt_id_pay_attempts_id_fk" FOREIGN KEY ("attempt_id") REFERENCES "public"."pay_attempts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_claims_live_share" ON "bill_claims" USING btree ("order_line_id","share") WHERE status <> 'released';--> statement-breakpoint
CREATE INDEX "bill_claims_visit_idx" ON "bill_claims" USING btree ("visit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_attempts_trade_no" ON "pay_attempts" USING btree ("trade_no");--> statement-breakpoint
CREATE INDEX "pay_attempts_intent_idx" ON "pay_attempts" USING btree ("intent_id");--> statement-breakpoint
CREATE INDEX "pay_attempts_pending_idx" ON "pay_attempts" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_events_provider_event" ON "pay_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "pay_events_intent_idx" ON "pay_events" USING btree ("intent_id");--> statement-breakpoint
CREATE INDEX "pay_inbox_received_idx" ON "pay_inbox" USING btree ("received_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_intent_orders_live" ON "pay_intent_orders" USING btree ("order_id") WHERE live;--> statement-breakpoint
CREATE INDEX "pay_intents_order_idx" ON "pay_intents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "pay_intents_visit_idx" ON "pay_intents" USING btree ("visit_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_refunds_refund_no" ON "pay_refunds" USING btree ("refund_no");--> statement-breakpoint
CREATE INDEX "pay_refunds_attempt_idx" ON "pay_refunds" USING btree ("attempt_id");