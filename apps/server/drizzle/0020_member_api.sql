-- The member API (issue 19): member sessions (a login's token, kept as its SHA-256, bound to the
-- visitor it was issued to), the card a visitor chose at a restaurant (001 §7 member-ship), card
-- types, recharge rules, full-reduction offers (满减), recharges, and the card a visit's first paid
-- order fixed (001 §4).
CREATE TABLE "member_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"guid" text NOT NULL,
	"member_id" integer NOT NULL REFERENCES "members"("id"),
	"restaurant_id" integer NOT NULL REFERENCES "restaurants"("id"),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"refresh_until" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "member_sessions_token" ON "member_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "member_sessions_guid_idx" ON "member_sessions" USING btree ("guid");--> statement-breakpoint
CREATE TABLE "member_choices" (
	"guid" text NOT NULL,
	"restaurant_id" integer NOT NULL REFERENCES "restaurants"("id"),
	"card_id" integer NOT NULL REFERENCES "member_cards"("id"),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_choices_guid_restaurant_id_pk" PRIMARY KEY("guid","restaurant_id")
);--> statement-breakpoint
CREATE TABLE "member_card_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL REFERENCES "restaurants"("id"),
	"card_type" integer NOT NULL,
	"name" text NOT NULL,
	"is_vip_price" boolean DEFAULT true NOT NULL,
	"charge_flag" boolean DEFAULT true NOT NULL,
	"member_day" jsonb,
	"points_per_yuan" integer DEFAULT 1 NOT NULL,
	"cents_per_point" integer DEFAULT 1 NOT NULL,
	"rights" jsonb DEFAULT '[1,2,4,6,7,8]'::jsonb NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_card_types_rates" CHECK ("points_per_yuan" >= 0 and "cents_per_point" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "member_card_types_type" ON "member_card_types" USING btree ("restaurant_id","card_type");--> statement-breakpoint
CREATE UNIQUE INDEX "member_card_types_default" ON "member_card_types" USING btree ("restaurant_id") WHERE "is_default";--> statement-breakpoint
CREATE TABLE "recharge_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL REFERENCES "restaurants"("id"),
	"recharge_cents" integer NOT NULL,
	"gift_cents" integer DEFAULT 0 NOT NULL,
	"gift_points" integer DEFAULT 0 NOT NULL,
	"gift_type" integer DEFAULT 1 NOT NULL,
	"award_type" integer DEFAULT 1 NOT NULL,
	"custom" boolean DEFAULT false NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "recharge_rules_amounts" CHECK ("recharge_cents" > 0 and "gift_cents" >= 0 and "gift_points" >= 0)
);--> statement-breakpoint
CREATE INDEX "recharge_rules_restaurant_idx" ON "recharge_rules" USING btree ("restaurant_id");--> statement-breakpoint
CREATE TABLE "discount_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL REFERENCES "restaurants"("id"),
	"threshold_cents" integer NOT NULL,
	"reduction_cents" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_offers_amounts" CHECK ("reduction_cents" > 0 and "threshold_cents" >= "reduction_cents")
);--> statement-breakpoint
CREATE INDEX "discount_offers_restaurant_idx" ON "discount_offers" USING btree ("restaurant_id");--> statement-breakpoint
CREATE TABLE "member_recharges" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL REFERENCES "member_cards"("id"),
	"restaurant_id" integer NOT NULL REFERENCES "restaurants"("id"),
	"guid" text NOT NULL,
	"rule_id" integer REFERENCES "recharge_rules"("id"),
	"recharge_cents" integer NOT NULL,
	"gift_cents" integer DEFAULT 0 NOT NULL,
	"gift_points" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "member_recharges_amounts" CHECK ("recharge_cents" > 0 and "gift_cents" >= 0 and "gift_points" >= 0),
	CONSTRAINT "member_recharges_state" CHECK ("state" in ('pending', 'paid', 'closed'))
);--> statement-breakpoint
CREATE INDEX "member_recharges_card_idx" ON "member_recharges" USING btree ("card_id");--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "member_card_id" integer REFERENCES "member_cards"("id");
