CREATE TABLE "visits" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"table_id" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_by" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
DROP INDEX "carts_table_owner";--> statement-breakpoint
DROP INDEX "table_users_table_guid";--> statement-breakpoint
-- Carts and seats that exist already belong to one open visit of their table.
INSERT INTO "visits" ("restaurant_id", "table_id")
  SELECT t."restaurant_id", t."id" FROM "tables" t
  WHERE EXISTS (SELECT 1 FROM "carts" c WHERE c."table_id" = t."id")
     OR EXISTS (SELECT 1 FROM "table_users" u WHERE u."table_id" = t."id");--> statement-breakpoint
ALTER TABLE "carts" ADD COLUMN "visit_id" integer;--> statement-breakpoint
UPDATE "carts" c SET "visit_id" = v."id" FROM "visits" v WHERE v."table_id" = c."table_id";--> statement-breakpoint
ALTER TABLE "carts" ALTER COLUMN "visit_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "table_users" ADD COLUMN "visit_id" integer;--> statement-breakpoint
UPDATE "table_users" u SET "visit_id" = v."id" FROM "visits" v WHERE v."table_id" = u."table_id";--> statement-breakpoint
ALTER TABLE "table_users" ALTER COLUMN "visit_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_table_id_tables_id_fk" FOREIGN KEY ("table_id") REFERENCES "public"."tables"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visits_table_open" ON "visits" USING btree ("table_id") WHERE "visits"."ended_at" is null;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "table_users" ADD CONSTRAINT "table_users_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carts_visit_owner" ON "carts" USING btree ("visit_id","owner_guid");--> statement-breakpoint
CREATE INDEX "carts_table_idx" ON "carts" USING btree ("table_id");--> statement-breakpoint
CREATE UNIQUE INDEX "table_users_visit_guid" ON "table_users" USING btree ("visit_id","guid");--> statement-breakpoint
ALTER TABLE "visitors" DROP COLUMN "token";