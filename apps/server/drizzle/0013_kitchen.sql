CREATE TABLE "kitchen_bumps" (
	"id" serial PRIMARY KEY NOT NULL,
	"station_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"moves" jsonb NOT NULL,
	"actor" text NOT NULL,
	"actor_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"recalled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kitchen_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"kind" text NOT NULL,
	"count" numeric(12, 3) NOT NULL,
	"state" text DEFAULT 'held' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kitchen_tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"station_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "station_categories" (
	"station_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "station_categories_station_id_category_id_pk" PRIMARY KEY("station_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "kitchen_bumps" ADD CONSTRAINT "kitchen_bumps_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_bumps" ADD CONSTRAINT "kitchen_bumps_ticket_id_kitchen_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."kitchen_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_items" ADD CONSTRAINT "kitchen_items_ticket_id_kitchen_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."kitchen_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_items" ADD CONSTRAINT "kitchen_items_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_items" ADD CONSTRAINT "kitchen_items_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD CONSTRAINT "kitchen_tickets_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD CONSTRAINT "kitchen_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kitchen_tickets" ADD CONSTRAINT "kitchen_tickets_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_categories" ADD CONSTRAINT "station_categories_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "station_categories" ADD CONSTRAINT "station_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stations" ADD CONSTRAINT "stations_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kitchen_bumps_station_idx" ON "kitchen_bumps" USING btree ("station_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "kitchen_items_line_station_kind" ON "kitchen_items" USING btree ("order_line_id","station_id","kind");--> statement-breakpoint
CREATE INDEX "kitchen_items_ticket_idx" ON "kitchen_items" USING btree ("ticket_id");--> statement-breakpoint
CREATE INDEX "kitchen_items_station_state_idx" ON "kitchen_items" USING btree ("station_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "kitchen_tickets_key" ON "kitchen_tickets" USING btree ("key");--> statement-breakpoint
CREATE INDEX "kitchen_tickets_station_idx" ON "kitchen_tickets" USING btree ("station_id","created_at");--> statement-breakpoint
CREATE INDEX "kitchen_tickets_order_idx" ON "kitchen_tickets" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stations_restaurant_name" ON "stations" USING btree ("restaurant_id","name");