CREATE TABLE "cart_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"detail_id" text NOT NULL,
	"food_id" integer NOT NULL,
	"norm_id" integer,
	"method_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"additions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"count" numeric(12, 3) NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"updated_by" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cart_ops" (
	"cart_id" integer NOT NULL,
	"op_id" text NOT NULL,
	"version" integer NOT NULL,
	"ok" boolean NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_ops" ADD CONSTRAINT "cart_ops_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_cart_detail" ON "cart_lines" USING btree ("cart_id","detail_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_ops_cart_op" ON "cart_ops" USING btree ("cart_id","op_id");