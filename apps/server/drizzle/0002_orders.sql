CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" integer,
	"to_status" integer NOT NULL,
	"actor" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"food_id" integer NOT NULL,
	"name" text NOT NULL,
	"unit" text NOT NULL,
	"detail_id" text NOT NULL,
	"norm_name" text DEFAULT '' NOT NULL,
	"method_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"additions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"count" numeric(12, 3) NOT NULL,
	"unit_price" numeric(12, 4) NOT NULL,
	"vip_unit_price" numeric(12, 4) NOT NULL,
	"total" numeric(12, 4) NOT NULL,
	"vip_total" numeric(12, 4) NOT NULL,
	"memo" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"cart_id" integer NOT NULL,
	"main_guid" text NOT NULL,
	"main_order_id" integer,
	"submit_id" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"payment_type" integer DEFAULT 0 NOT NULL,
	"eat_type" text NOT NULL,
	"person_num" integer DEFAULT 0 NOT NULL,
	"whole_memo" text DEFAULT '' NOT NULL,
	"invoice_title" text DEFAULT '' NOT NULL,
	"reserve" jsonb,
	"total_price" numeric(12, 2) NOT NULL,
	"vip_total_price" numeric(12, 2) NOT NULL,
	"fast_serial_no" integer,
	"fault_channel" boolean DEFAULT false NOT NULL,
	"fault_cart" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"pos_time" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "submit_locks" (
	"cart_id" integer PRIMARY KEY NOT NULL,
	"guid" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_table_id_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_restaurant_submit" ON "orders" USING btree ("restaurant_id","submit_id");--> statement-breakpoint
CREATE INDEX "orders_table_idx" ON "orders" USING btree ("table_id");