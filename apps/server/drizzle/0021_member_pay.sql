-- Member money through submit and pay (issue 19).
--
-- An order keeps the member status it was placed with (000 §6, 001 §4): the card whose benefits priced
-- it, whether they gave member prices and the member day's percent then. /pay prices it with them (the
-- price the diner saw before submitting is the price charged), whatever the clock says by then.
ALTER TABLE "orders" ADD COLUMN "member_card_id" integer REFERENCES "member_cards"("id");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "member_prices" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "member_day_percent" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_member_day_percent" CHECK ("member_day_percent" between 1 and 100);--> statement-breakpoint
-- An intent paid with member money: the card, the coupon locked to it, the points and stored value held
-- for it (member_holds), and the discount pipeline's steps as they priced it. amount_cents stays what the
-- gateway is asked for; what member money covers is each order's credit_cents (its discounts and its
-- share of the stored value), stored_cents that share alone (given back to the card on a refund).
ALTER TABLE "pay_intents" ADD COLUMN "member_card_id" integer REFERENCES "member_cards"("id");--> statement-breakpoint
ALTER TABLE "pay_intents" ADD COLUMN "coupon_id" integer REFERENCES "member_coupons"("id");--> statement-breakpoint
ALTER TABLE "pay_intents" ADD COLUMN "points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_intents" ADD COLUMN "stored_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_intents" ADD COLUMN "steps" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- when its paid word's member effects (hold captured, coupon used, points earned, the visit's card fixed)
-- were done, in one transaction; a paid member intent without it is done by the reconciliation job
ALTER TABLE "pay_intents" ADD COLUMN "member_settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pay_intents" ADD CONSTRAINT "pay_intents_member_amounts" CHECK ("points" >= 0 and "stored_cents" >= 0);--> statement-breakpoint
ALTER TABLE "pay_intent_orders" ADD COLUMN "credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_intent_orders" ADD COLUMN "stored_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "pay_intent_orders" ADD CONSTRAINT "pay_intent_orders_member_amounts" CHECK ("credit_cents" >= "stored_cents" and "stored_cents" >= 0);--> statement-breakpoint
CREATE INDEX "pay_intents_member_open_idx" ON "pay_intents" USING btree ("created_at") WHERE "status" = 'open' and "member_card_id" is not null;--> statement-breakpoint
CREATE INDEX "pay_intents_member_unsettled_idx" ON "pay_intents" USING btree ("updated_at") WHERE "status" = 'paid' and "member_card_id" is not null and "member_settled_at" is null;--> statement-breakpoint
-- a refunded payment's stored value back on the card (core's spendRestore)
ALTER TABLE "member_ledger" DROP CONSTRAINT "member_ledger_kind";--> statement-breakpoint
ALTER TABLE "member_ledger" ADD CONSTRAINT "member_ledger_kind" CHECK ("kind" in ('recharge', 'gift', 'earn', 'hold', 'release', 'spend', 'refund', 'reverse', 'adjustment', 'restore'));--> statement-breakpoint
-- place_orders as in 0014, with one change: it writes the order's member status (member_card_id,
-- member_prices, member_day_percent).
CREATE OR REPLACE FUNCTION "place_orders"(batch jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  dish jsonb;      -- limited dish id -> {estimate, restaurantId, name, foodproperty}
  addition jsonb;  -- limited addition id -> {estimate, restaurantId}
  cart jsonb;      -- cart id -> {version, personNum}
  serial jsonb;    -- 'restaurantId/day' -> the day's last pick-up number
  i integer;
  o jsonb;
  need jsonb;
  j integer;
  k text;
  ok boolean;
  short_dishes jsonb;
  short_additions jsonb;
  stock jsonb;
  serial_no integer;
  order_id integer;
  placed jsonb := '[]';
  outcomes jsonb := '[]';
BEGIN
  SELECT coalesce(jsonb_object_agg(d.id, jsonb_build_object('estimate', d.estimate,
      'restaurantId', d.restaurant_id, 'name', d.name, 'foodproperty', d.foodproperty)), '{}')
    INTO dish
    FROM (SELECT * FROM "dishes"
          WHERE id = ANY (ARRAY(SELECT (n->>'id')::int
              FROM jsonb_array_elements(batch) b, jsonb_array_elements(b->'dishes') n))
            AND estimate <> -1
          ORDER BY id FOR UPDATE) d;
  SELECT coalesce(jsonb_object_agg(a.addition_id, jsonb_build_object('estimate', a.estimate,
      'restaurantId', a.restaurant_id)), '{}')
    INTO addition
    FROM (SELECT * FROM "addition_stock"
          WHERE addition_id = ANY (ARRAY(SELECT (n->>'id')::int
              FROM jsonb_array_elements(batch) b, jsonb_array_elements(b->'additions') n))
            AND estimate <> -1
          ORDER BY addition_id FOR UPDATE) a;
  SELECT coalesce(jsonb_object_agg(c.id, jsonb_build_object('version', c.version,
      'personNum', t.person_num)), '{}')
    INTO cart
    FROM (SELECT * FROM "carts"
          WHERE id = ANY (ARRAY(SELECT (b->>'cartId')::int FROM jsonb_array_elements(batch) b))
          ORDER BY id FOR UPDATE) c
    JOIN "tables" t ON t.id = c.table_id;
  serial := '{}';
  IF EXISTS (SELECT 1 FROM jsonb_array_elements(batch) b WHERE b->>'day' IS NOT NULL) THEN
    -- a counter another batch is creating is waited for here, then read as it committed it
    INSERT INTO "fast_serials" (restaurant_id, day, last)
      SELECT DISTINCT (b->>'restaurantId')::int, (b->>'day')::date, 0
      FROM jsonb_array_elements(batch) b WHERE b->>'day' IS NOT NULL
      ORDER BY 1, 2
      ON CONFLICT (restaurant_id, day) DO NOTHING;
    SELECT jsonb_object_agg(f.restaurant_id || '/' || to_char(f.day, 'YYYY-MM-DD'), f.last)
      INTO serial
      FROM (SELECT * FROM "fast_serials"
            WHERE (restaurant_id, day) IN (SELECT (b->>'restaurantId')::int, (b->>'day')::date
              FROM jsonb_array_elements(batch) b WHERE b->>'day' IS NOT NULL)
            ORDER BY restaurant_id, day FOR UPDATE) f;
  END IF;

  FOR i IN 0 .. jsonb_array_length(batch) - 1 LOOP
    o := batch->i;
    ok := true;
    short_dishes := '[]';
    short_additions := '[]';
    FOR j IN 0 .. jsonb_array_length(o->'dishes') - 1 LOOP
      need := o->'dishes'->j;
      k := need->>'id';
      IF dish->k->>'restaurantId' = o->>'restaurantId'
          AND (dish->k->>'estimate')::int < (need->>'units')::int THEN
        ok := false;
        short_dishes := short_dishes || jsonb_build_array(jsonb_build_object('id', k::int,
          'name', dish->k->>'name', 'foodproperty', (dish->k->>'foodproperty')::int,
          'left', (dish->k->>'estimate')::int));
      END IF;
    END LOOP;
    FOR j IN 0 .. jsonb_array_length(o->'additions') - 1 LOOP
      need := o->'additions'->j;
      k := need->>'id';
      IF addition->k->>'restaurantId' = o->>'restaurantId'
          AND (addition->k->>'estimate')::int < (need->>'units')::int THEN
        ok := false;
        short_additions := short_additions || jsonb_build_array(jsonb_build_object('id', k::int,
          'left', (addition->k->>'estimate')::int));
      END IF;
    END LOOP;
    IF NOT ok THEN
      outcomes := outcomes || jsonb_build_array(jsonb_build_object('enough', false,
        'shortDishes', short_dishes, 'shortAdditions', short_additions));
      CONTINUE;
    END IF;

    k := o->>'cartId';
    IF (cart->k->>'version')::int IS DISTINCT FROM (o->>'readVersion')::int THEN
      outcomes := outcomes || jsonb_build_array(jsonb_build_object('enough', true));
      CONTINUE;
    END IF;
    cart := jsonb_set(cart, ARRAY[k, 'version'], to_jsonb((cart->k->>'version')::int + 1));

    stock := '[]';
    FOR j IN 0 .. jsonb_array_length(o->'dishes') - 1 LOOP
      need := o->'dishes'->j;
      k := need->>'id';
      IF dish->k->>'restaurantId' = o->>'restaurantId' THEN
        dish := jsonb_set(dish, ARRAY[k, 'estimate'],
          to_jsonb((dish->k->>'estimate')::int - (need->>'units')::int));
        stock := stock || jsonb_build_array(jsonb_build_object('foodId', k::int,
          'sum', (dish->k->>'estimate')::int));
      END IF;
    END LOOP;
    FOR j IN 0 .. jsonb_array_length(o->'additions') - 1 LOOP
      need := o->'additions'->j;
      k := need->>'id';
      IF addition->k->>'restaurantId' = o->>'restaurantId' THEN
        addition := jsonb_set(addition, ARRAY[k, 'estimate'],
          to_jsonb((addition->k->>'estimate')::int - (need->>'units')::int));
      END IF;
    END LOOP;

    serial_no := NULL;
    IF o->>'day' IS NOT NULL THEN
      k := (o->>'restaurantId') || '/' || (o->>'day');
      serial_no := (serial->>k)::int + 1;
      serial := jsonb_set(serial, ARRAY[k], to_jsonb(serial_no));
    END IF;

    order_id := nextval(pg_get_serial_sequence('orders', 'id'));
    placed := placed || jsonb_build_array(o || jsonb_build_object('id', order_id, 'serialNo', serial_no));
    k := o->>'cartId';
    outcomes := outcomes || jsonb_build_array(jsonb_build_object('enough', true,
      'order', jsonb_build_object('id', order_id, 'mainGuid', o->>'mainGuid', 'tableId', (o->>'tableId')::int),
      'cart', jsonb_build_object('version', (cart->k->>'version')::int, 'personNum', (cart->k->>'personNum')::int),
      'stock', stock));
  END LOOP;

  IF placed = '[]' THEN
    RETURN outcomes;
  END IF;
  INSERT INTO "orders" (id, restaurant_id, table_id, cart_id, main_guid, main_order_id, submit_id, payment_type,
    eat_type, person_num, whole_memo, invoice_title, reserve, total_price, vip_total_price, fast_serial_no,
    fault_channel, fault_cart, created_at, status, held, gate_reasons, member_card_id, member_prices,
    member_day_percent)
  SELECT (p->>'id')::int, (p->>'restaurantId')::int, (p->>'tableId')::int, (p->>'cartId')::int, p->>'mainGuid',
    (p->>'mainOrderId')::int, p->>'submitId', (p->>'paymentType')::int, p->>'eatType', (p->>'personNum')::int,
    p->>'wholeMemo', p->>'invoiceTitle', nullif(p->'reserve', 'null'::jsonb), (p->>'totalPrice')::numeric,
    (p->>'vipTotalPrice')::numeric, (p->>'serialNo')::int, (p->>'faultChannel')::boolean,
    (p->>'faultCart')::boolean, (p->>'createdAt')::timestamptz, (p->>'firstStatus')::int,
    coalesce((p->>'held')::boolean, false), coalesce(p->'gateReasons', '[]'::jsonb),
    (p->>'memberCardId')::int, coalesce((p->>'memberPrices')::boolean, false), (p->>'memberDayPercent')::int
  FROM jsonb_array_elements(placed) p;
  INSERT INTO "order_lines" (order_id, food_id, name, unit, detail_id, norm_name, method_names, additions, parts,
    count, unit_price, vip_unit_price, total, vip_total, memo, added_by)
  SELECT (p->>'id')::int, l."foodId", l.name, l.unit, l."detailId", l."normName", l."methodNames", l.additions,
    l.parts, l.count, l."unitPrice", l."vipUnitPrice", l.total, l."vipTotal", l.memo, coalesce(l."addedBy", '')
  FROM jsonb_array_elements(placed) p, jsonb_to_recordset(p->'lines') AS l("foodId" integer, name text,
    unit text, "detailId" text, "normName" text, "methodNames" jsonb, additions jsonb, parts jsonb,
    count numeric, "unitPrice" numeric, "vipUnitPrice" numeric, total numeric, "vipTotal" numeric, memo text,
    "addedBy" text);
  INSERT INTO "order_events" (order_id, to_status, actor, at)
  SELECT (p->>'id')::int, (p->>'firstStatus')::int, p->>'guid', (p->>'createdAt')::timestamptz
  FROM jsonb_array_elements(placed) p;
  DELETE FROM "cart_lines"
    WHERE cart_id = ANY (ARRAY(SELECT (p->>'cartId')::int FROM jsonb_array_elements(placed) p));
  UPDATE "carts" c SET version = (cart->(c.id::text)->>'version')::int
    WHERE c.id = ANY (ARRAY(SELECT (p->>'cartId')::int FROM jsonb_array_elements(placed) p));
  UPDATE "dishes" d SET estimate = (dish->(d.id::text)->>'estimate')::int
    WHERE d.id = ANY (ARRAY(SELECT id::int FROM jsonb_object_keys(dish) id))
      AND d.estimate <> (dish->(d.id::text)->>'estimate')::int;
  UPDATE "addition_stock" a SET estimate = (addition->(a.addition_id::text)->>'estimate')::int
    WHERE a.addition_id = ANY (ARRAY(SELECT id::int FROM jsonb_object_keys(addition) id))
      AND a.estimate <> (addition->(a.addition_id::text)->>'estimate')::int;
  UPDATE "fast_serials" f SET last = s.value::int
    FROM jsonb_each_text(serial) s
    WHERE s.key = f.restaurant_id || '/' || to_char(f.day, 'YYYY-MM-DD') AND f.last <> s.value::int;
  RETURN outcomes;
END
$$;
