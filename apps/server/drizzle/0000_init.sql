CREATE TABLE "addition_stock" (
	"addition_id" integer PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"estimate" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"owner_guid" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"parent_id" integer,
	"name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dishes" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"second_category_id" integer,
	"name" text NOT NULL,
	"intro" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT '份' NOT NULL,
	"price" numeric(12, 4) NOT NULL,
	"vip_price" numeric(12, 4),
	"pricing_type" integer DEFAULT 0 NOT NULL,
	"start_price" numeric(12, 4),
	"start_vip_price" numeric(12, 4),
	"weigh" boolean DEFAULT false NOT NULL,
	"min_count" integer DEFAULT -1 NOT NULL,
	"incept_step" integer DEFAULT 1 NOT NULL,
	"necessary" boolean DEFAULT false NOT NULL,
	"must_food_type" integer DEFAULT 0 NOT NULL,
	"must_food_num" integer DEFAULT 1 NOT NULL,
	"season" boolean DEFAULT false NOT NULL,
	"foodproperty" integer DEFAULT 0 NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"estimate" integer DEFAULT -1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_recommend" boolean DEFAULT false NOT NULL,
	"salable_period_type" integer DEFAULT 0 NOT NULL,
	"salable_days" text DEFAULT '0' NOT NULL,
	"salable_time" text DEFAULT '0' NOT NULL,
	"image_key" text DEFAULT '' NOT NULL,
	"norms" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"method_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"addition_categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"combos" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memos" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"type" text NOT NULL,
	"content" text NOT NULL,
	"number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "restaurants" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"link_mode" text DEFAULT 'dine' NOT NULL,
	"wct_pay_type" integer DEFAULT 0 NOT NULL,
	"fast_hotel" boolean DEFAULT false NOT NULL,
	"food_taking_mode" integer DEFAULT 0 NOT NULL,
	"wct_pay_only" integer DEFAULT 0 NOT NULL,
	"fast_food_need_person_num" boolean DEFAULT false NOT NULL,
	"start_price" numeric(12, 4) DEFAULT '0' NOT NULL,
	"hotel_lock" boolean DEFAULT false NOT NULL,
	"hide_total_price" boolean DEFAULT false NOT NULL,
	"wct_call_service" boolean DEFAULT true NOT NULL,
	"open_recharge" boolean DEFAULT false NOT NULL,
	"server_version" text DEFAULT '2.35.15' NOT NULL,
	"crm_type" text DEFAULT 'new' NOT NULL,
	"pos_online" boolean DEFAULT true NOT NULL,
	"icon_url" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"business_time" text DEFAULT '00:00-24:00' NOT NULL,
	"timezone" text DEFAULT 'Asia/Shanghai' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"environment" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hotel_label" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"announcement" text DEFAULT '' NOT NULL,
	"discount_text" text DEFAULT '' NOT NULL,
	"latitude" double precision DEFAULT 0 NOT NULL,
	"longitude" double precision DEFAULT 0 NOT NULL,
	"foods_template" integer DEFAULT 1 NOT NULL,
	"recommends_template" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "table_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"table_id" integer NOT NULL,
	"guid" text NOT NULL,
	"cart_id" integer,
	"nickname" text DEFAULT '' NOT NULL,
	"head_icon" text DEFAULT '' NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tables" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"table_type" integer DEFAULT 1 NOT NULL,
	"person_num" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visitors" (
	"guid" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"nickname" text DEFAULT '' NOT NULL,
	"head_imag_url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addition_stock" ADD CONSTRAINT "addition_stock_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_table_id_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dishes" ADD CONSTRAINT "dishes_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dishes" ADD CONSTRAINT "dishes_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memos" ADD CONSTRAINT "memos_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_users" ADD CONSTRAINT "table_users_table_id_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tables" ADD CONSTRAINT "tables_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_table_owner" ON "carts" USING btree ("table_id","owner_guid");--> statement-breakpoint
CREATE INDEX "categories_restaurant_idx" ON "categories" USING btree ("restaurant_id");--> statement-breakpoint
CREATE INDEX "dishes_restaurant_idx" ON "dishes" USING btree ("restaurant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "table_users_table_guid" ON "table_users" USING btree ("table_id","guid");--> statement-breakpoint
CREATE INDEX "tables_restaurant_idx" ON "tables" USING btree ("restaurant_id");