-- Members (issue 19): the built-in CRM's members (one per phone) and their cards (one per restaurant and
-- card type, the balance's head), the stored-value and points ledger (member_ledger: one row per business
-- event per card, its change and the balance after it), holds for open orders (member_holds), coupon
-- templates and the coupons cards hold (member_coupons). Written by apps/server/src/modules/member/.
--
-- Backstops beside the CHECKs (nothing below zero, holds covered) and the unique keys (card + event key,
-- card + seq): the ledger is append-only; at commit every new entry must follow its predecessor (its
-- after = the previous after + its change), and every card touched must equal its last entry's after
-- (version = that entry's seq) with held = the sum of its open holds. So a balance changes only with an
-- entry, and a card's ledger always sums to its balance, however the rows are written.
CREATE TABLE "coupon_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"restaurant_id" integer NOT NULL,
	"name" text NOT NULL,
	"coupon_type" integer NOT NULL,
	"face_cents" integer,
	"dish_id" integer,
	"min_spend_cents" integer DEFAULT 0 NOT NULL,
	"validity_type" integer NOT NULL,
	"effective_time" integer,
	"validity_days" integer,
	"start_time" text,
	"end_time" text,
	"open_card_activity" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_templates_kind" CHECK (("coupon_templates"."coupon_type" = 1 and "coupon_templates"."face_cents" > 0 and "coupon_templates"."dish_id" is null) or ("coupon_templates"."coupon_type" = 2 and "coupon_templates"."dish_id" is not null and ("coupon_templates"."face_cents" is null or "coupon_templates"."face_cents" > 0))),
	CONSTRAINT "coupon_templates_validity_type" CHECK ("coupon_templates"."validity_type" in (1, 2, 3)),
	CONSTRAINT "coupon_templates_min_spend" CHECK ("coupon_templates"."min_spend_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "member_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"restaurant_id" integer NOT NULL,
	"crm_type" text NOT NULL,
	"card_type" integer DEFAULT 1 NOT NULL,
	"card_type_name" text NOT NULL,
	"card_num" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"charge_flag" boolean DEFAULT true NOT NULL,
	"is_vip_price" boolean DEFAULT false NOT NULL,
	"member_day" jsonb,
	"principal_cents" integer DEFAULT 0 NOT NULL,
	"gift_cents" integer DEFAULT 0 NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"held_cents" integer DEFAULT 0 NOT NULL,
	"held_points" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_cards_balance_whole" CHECK ("member_cards"."principal_cents" >= 0 and "member_cards"."gift_cents" >= 0 and "member_cards"."points" >= 0 and "member_cards"."held_cents" >= 0 and "member_cards"."held_points" >= 0),
	CONSTRAINT "member_cards_holds_covered" CHECK ("member_cards"."principal_cents" + "member_cards"."gift_cents" >= "member_cards"."held_cents" and "member_cards"."points" >= "member_cards"."held_points")
);
--> statement-breakpoint
CREATE TABLE "member_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"code" text NOT NULL,
	"give_key" text NOT NULL,
	"name" text NOT NULL,
	"coupon_type" integer NOT NULL,
	"face_cents" integer,
	"dish_id" integer,
	"dish_name" text,
	"min_spend_cents" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"first_day" text NOT NULL,
	"last_day" text,
	"state" text DEFAULT 'unused' NOT NULL,
	"order_id" integer,
	"given_at" timestamp with time zone NOT NULL,
	"locked_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	CONSTRAINT "member_coupons_state" CHECK ("member_coupons"."state" in ('unused', 'locked', 'used')),
	CONSTRAINT "member_coupons_order" CHECK (("member_coupons"."state" = 'unused') = ("member_coupons"."order_id" is null))
);
--> statement-breakpoint
CREATE TABLE "member_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"cents" integer NOT NULL,
	"points" integer NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "member_holds_amounts" CHECK ("member_holds"."cents" >= 0 and "member_holds"."points" >= 0),
	CONSTRAINT "member_holds_state" CHECK (("member_holds"."state" = 'open') = ("member_holds"."settled_at" is null) and "member_holds"."state" in ('open', 'captured', 'released'))
);
--> statement-breakpoint
CREATE TABLE "member_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"card_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"event_key" text NOT NULL,
	"kind" text NOT NULL,
	"principal_cents" integer NOT NULL,
	"gift_cents" integer NOT NULL,
	"points" integer NOT NULL,
	"hold_id" integer,
	"principal_after" integer NOT NULL,
	"gift_after" integer NOT NULL,
	"points_after" integer NOT NULL,
	"held_cents_after" integer NOT NULL,
	"held_points_after" integer NOT NULL,
	"actor" text NOT NULL,
	"reason" text,
	"approved_by" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "member_ledger_seq" CHECK ("member_ledger"."seq" >= 1),
	CONSTRAINT "member_ledger_kind" CHECK ("member_ledger"."kind" in ('recharge', 'gift', 'earn', 'hold', 'release', 'spend', 'refund', 'reverse', 'adjustment')),
	CONSTRAINT "member_ledger_after_whole" CHECK ("member_ledger"."principal_after" >= 0 and "member_ledger"."gift_after" >= 0 and "member_ledger"."points_after" >= 0 and "member_ledger"."held_cents_after" >= 0 and "member_ledger"."held_points_after" >= 0),
	CONSTRAINT "member_ledger_after_holds_covered" CHECK ("member_ledger"."principal_after" + "member_ledger"."gift_after" >= "member_ledger"."held_cents_after" and "member_ledger"."points_after" >= "member_ledger"."held_points_after")
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"sex" integer DEFAULT 0 NOT NULL,
	"birthday" text,
	"is_lunar" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD CONSTRAINT "coupon_templates_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_templates" ADD CONSTRAINT "coupon_templates_dish_id_dishes_id_fk" FOREIGN KEY ("dish_id") REFERENCES "public"."dishes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_cards" ADD CONSTRAINT "member_cards_restaurant_id_restaurants_id_fk" FOREIGN KEY ("restaurant_id") REFERENCES "public"."restaurants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_card_id_member_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."member_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_template_id_coupon_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."coupon_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_coupons" ADD CONSTRAINT "member_coupons_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_holds" ADD CONSTRAINT "member_holds_card_id_member_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."member_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_holds" ADD CONSTRAINT "member_holds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_ledger" ADD CONSTRAINT "member_ledger_card_id_member_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."member_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_ledger" ADD CONSTRAINT "member_ledger_hold_id_member_holds_id_fk" FOREIGN KEY ("hold_id") REFERENCES "public"."member_holds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "coupon_templates_restaurant_idx" ON "coupon_templates" USING btree ("restaurant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_cards_card_num" ON "member_cards" USING btree ("card_num");--> statement-breakpoint
CREATE UNIQUE INDEX "member_cards_member_restaurant_type" ON "member_cards" USING btree ("member_id","restaurant_id","card_type");--> statement-breakpoint
CREATE INDEX "member_cards_restaurant_idx" ON "member_cards" USING btree ("restaurant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_coupons_code" ON "member_coupons" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "member_coupons_card_give" ON "member_coupons" USING btree ("card_id","give_key");--> statement-breakpoint
CREATE INDEX "member_coupons_order_idx" ON "member_coupons" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "member_holds_open_order" ON "member_holds" USING btree ("card_id","order_id") WHERE state = 'open';--> statement-breakpoint
CREATE INDEX "member_holds_order_idx" ON "member_holds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "member_holds_open_expiry_idx" ON "member_holds" USING btree ("expires_at") WHERE state = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "member_ledger_card_event" ON "member_ledger" USING btree ("card_id","event_key");--> statement-breakpoint
CREATE UNIQUE INDEX "member_ledger_card_seq" ON "member_ledger" USING btree ("card_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "members_phone" ON "members" USING btree ("phone");--> statement-breakpoint
CREATE FUNCTION member_ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'member_ledger is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER member_ledger_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON "member_ledger"
  FOR EACH STATEMENT EXECUTE FUNCTION member_ledger_append_only();--> statement-breakpoint
-- A card against its ledger and its holds: the head is the last entry's after (all zero with no entry).
CREATE FUNCTION member_card_check(p_card integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  c member_cards%ROWTYPE;
  last_entry member_ledger%ROWTYPE;
  open_cents bigint;
  open_points bigint;
  ok boolean;
BEGIN
  SELECT * INTO c FROM member_cards WHERE id = p_card;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  SELECT * INTO last_entry FROM member_ledger WHERE card_id = p_card ORDER BY seq DESC LIMIT 1;
  IF last_entry.id IS NULL THEN
    ok := c.version = 0 AND c.principal_cents = 0 AND c.gift_cents = 0 AND c.points = 0;
    last_entry.held_cents_after := 0;
    last_entry.held_points_after := 0;
  ELSE
    ok := c.version = last_entry.seq AND c.principal_cents = last_entry.principal_after
      AND c.gift_cents = last_entry.gift_after AND c.points = last_entry.points_after;
  END IF;
  SELECT coalesce(sum(cents), 0), coalesce(sum(points), 0) INTO open_cents, open_points
    FROM member_holds WHERE card_id = p_card AND state = 'open';
  ok := ok AND c.held_cents = last_entry.held_cents_after AND c.held_points = last_entry.held_points_after
    AND c.held_cents = open_cents AND c.held_points = open_points;
  IF NOT ok THEN
    RAISE EXCEPTION 'member card % does not match its ledger and open holds', p_card
      USING ERRCODE = 'check_violation';
  END IF;
END;
$$;--> statement-breakpoint
CREATE FUNCTION member_card_checked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM member_card_check(OLD.card_id);
  ELSIF TG_TABLE_NAME = 'member_cards' THEN
    PERFORM member_card_check(NEW.id);
  ELSE
    PERFORM member_card_check(NEW.card_id);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
-- An entry follows its predecessor: seq one more, after = the previous after + its change.
CREATE FUNCTION member_ledger_follows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  prev member_ledger%ROWTYPE;
BEGIN
  IF NEW.seq > 1 THEN
    SELECT * INTO prev FROM member_ledger WHERE card_id = NEW.card_id AND seq = NEW.seq - 1;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'member_ledger entry % of card % has no predecessor', NEW.seq, NEW.card_id
        USING ERRCODE = 'check_violation';
    END IF;
  ELSE
    prev.principal_after := 0;
    prev.gift_after := 0;
    prev.points_after := 0;
  END IF;
  IF NEW.principal_after <> prev.principal_after + NEW.principal_cents
     OR NEW.gift_after <> prev.gift_after + NEW.gift_cents
     OR NEW.points_after <> prev.points_after + NEW.points THEN
    RAISE EXCEPTION 'member_ledger entry % of card % does not follow its predecessor', NEW.seq, NEW.card_id
      USING ERRCODE = 'check_violation';
  END IF;
  PERFORM member_card_check(NEW.card_id);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER member_ledger_follows AFTER INSERT ON "member_ledger"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION member_ledger_follows();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER member_cards_match_ledger AFTER INSERT OR UPDATE ON "member_cards"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION member_card_checked();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER member_holds_match_card AFTER INSERT OR UPDATE OR DELETE ON "member_holds"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION member_card_checked();
