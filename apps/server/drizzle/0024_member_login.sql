-- The member login (issue 19): login codes kept beside the takeout ones in phone_codes (one live code
-- per restaurant, phone and purpose), and the old member system's campaigns (001 §7 oldcrm campaigns:
-- a coupon to take, or a red packet of stored value to draw, once per card).
ALTER TABLE "phone_codes" ADD COLUMN "purpose" text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_codes" DROP CONSTRAINT "phone_codes_restaurant_id_phone_pk";--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_restaurant_id_phone_purpose_pk" PRIMARY KEY("restaurant_id","phone","purpose");--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_purpose" CHECK ("purpose" in ('order', 'login'));--> statement-breakpoint
CREATE TABLE "member_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL REFERENCES "restaurants"("id"),
	"kind" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"template_id" integer REFERENCES "coupon_templates"("id"),
	"min_cents" integer,
	"max_cents" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_campaigns_kind" CHECK (("kind" = 1 and "template_id" is not null and "min_cents" is null and "max_cents" is null) or ("kind" = 2 and "template_id" is null and "min_cents" > 0 and "max_cents" >= "min_cents"))
);--> statement-breakpoint
CREATE INDEX "member_campaigns_restaurant_idx" ON "member_campaigns" USING btree ("restaurant_id");
