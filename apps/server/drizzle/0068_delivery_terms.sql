-- Takeout's delivery terms (issue 25): the restaurant's delivery fee (whole cents) and the minutes it
-- takes to cook and deliver, for the diner's 预计送达; the minimum is the existing start_price. An
-- order keeps the fee it was placed with (core's orderDeliveryFeeCents), paid with its goods and never
-- discounted (docs/decisions.md).
ALTER TABLE "restaurants" ADD COLUMN "delivery_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD COLUMN "delivery_minutes" integer DEFAULT 45 NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurants" ADD CONSTRAINT "restaurants_delivery_terms" CHECK ("delivery_fee_cents" >= 0 and "delivery_minutes" between 0 and 1440);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_minutes" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_fee" CHECK ("delivery_fee_cents" >= 0);--> statement-breakpoint
-- place_orders as in 0021, with one change: it writes the order's delivery terms (delivery_fee_cents,
-- delivery_minutes: a takeout's estimate stays what the diner was told when the restaurant changes its minutes).
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
    member_day_percent, delivery_fee_cents, delivery_minutes)
  SELECT (p->>'id')::int, (p->>'restaurantId')::int, (p->>'tableId')::int, (p->>'cartId')::int, p->>'mainGuid',
    (p->>'mainOrderId')::int, p->>'submitId', (p->>'paymentType')::int, p->>'eatType', (p->>'personNum')::int,
    p->>'wholeMemo', p->>'invoiceTitle', nullif(p->'reserve', 'null'::jsonb), (p->>'totalPrice')::numeric,
    (p->>'vipTotalPrice')::numeric, (p->>'serialNo')::int, (p->>'faultChannel')::boolean,
    (p->>'faultCart')::boolean, (p->>'createdAt')::timestamptz, (p->>'firstStatus')::int,
    coalesce((p->>'held')::boolean, false), coalesce(p->'gateReasons', '[]'::jsonb),
    (p->>'memberCardId')::int, coalesce((p->>'memberPrices')::boolean, false), (p->>'memberDayPercent')::int,
    coalesce((p->>'deliveryFeeCents')::int, 0), (p->>'deliveryMinutes')::int
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
