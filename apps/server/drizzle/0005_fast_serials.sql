CREATE TABLE "fast_serials" (
	"restaurant_id" integer NOT NULL,
	"day" date NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "fast_serials_restaurant_id_day_pk" PRIMARY KEY("restaurant_id","day")
);
--> statement-breakpoint
ALTER TABLE "fast_serials" ADD CONSTRAINT "fast_serials_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_cart_idx" ON "orders" USING btree ("cart_id");--> statement-breakpoint
-- numbers already given today go on from the highest, so an upgrade never repeats one
INSERT INTO "fast_serials" ("restaurant_id", "day", "last")
SELECT "restaurant_id", ("created_at" AT TIME ZONE 'UTC')::date, max("fast_serial_no") FROM "orders"
WHERE "fast_serial_no" IS NOT NULL GROUP BY 1, 2;
