-- The payment races (issue 24). A second tap never opens a second trade: at most one pending attempt per
-- intent, enforced here (startAttempt also locks the intent). pay_apply_paid, in its latest form (it
-- replaces 0022's; this is where its live body is), takes the locks in the documented order (visit,
-- orders, intents, attempts, claims) before it reads what is owed, so a cancel or a settle racing a
-- payment is either seen by it (the money refunded) or sees it; a bill share landing after its visit
-- ended (or its order was cancelled) is refunded (账单已结清，自动退款), as a whole-order payment after a
-- settle already was.
CREATE UNIQUE INDEX "pay_attempts_one_pending" ON "pay_attempts" USING btree ("intent_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE OR REPLACE FUNCTION "pay_apply_paid"(
  p_trade_no text,
  p_provider text,
  p_restaurant_id integer,
  p_amount_cents integer,
  p_provider_trade_id text,
  p_at timestamptz,
  p_refund_no text,
  p_inbox jsonb
) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  a pay_attempts%ROWTYPE;
  i pay_intents%ROWTYPE;
  paid_intent jsonb;
  v_refund jsonb;
  v_order jsonb;
  v_event integer;
  v_outcome text;
  v_reason text;
  paid_cents bigint;
  refunded_cents bigint;
  before_cents bigint;
  over_cents bigint;
  still_owed boolean;
  total_count integer;
  owed_count integer;
  refund_cents integer;
  refund_reason text;
  refundable bigint;
BEGIN
  -- the documented lock order (docs/api.md): visit, orders, intents, attempts, claims. The attempt is
  -- read first only to find its intent; a bill share locks its visit, an order intent its orders (in
  -- id order), then the intent and the attempt are locked, so a cancel or a settle holding the visit or
  -- the orders is waited for and its outcome read here
  SELECT * INTO a FROM pay_attempts WHERE trade_no = p_trade_no;
  IF FOUND THEN
    SELECT * INTO i FROM pay_intents WHERE id = a.intent_id;
    IF i.kind = 'bill' THEN
      PERFORM 1 FROM visits WHERE id = i.visit_id FOR UPDATE;
    ELSIF i.kind = 'order' THEN
      PERFORM 1 FROM orders
        WHERE id IN (SELECT order_id FROM pay_intent_orders WHERE intent_id = i.id)
        ORDER BY id FOR UPDATE;
    END IF;
    PERFORM 1 FROM pay_intents WHERE id = a.intent_id FOR UPDATE;
    SELECT * INTO a FROM pay_attempts WHERE id = a.id FOR UPDATE;
  END IF;
  IF NOT FOUND
     OR (p_provider IS NOT NULL AND a.provider <> p_provider)
     OR (p_restaurant_id IS NOT NULL AND a.restaurant_id <> p_restaurant_id) THEN
    v_outcome := 'refused';
    v_reason := 'unknown trade';
  ELSIF p_amount_cents <> a.amount_cents THEN
    v_outcome := 'refused';
    v_reason := 'amount mismatch: ' || p_amount_cents || ' for ' || a.amount_cents;
  ELSE
    -- the attempt's event, once per trade: a replay (or a query that said the same) finds it there
    INSERT INTO pay_events (intent_id, attempt_id, provider, event_id, kind, amount_cents, at)
      VALUES (a.intent_id, a.id, a.provider, 'paid:' || a.trade_no, 'paid', p_amount_cents, p_at)
      ON CONFLICT DO NOTHING
      RETURNING id INTO v_event;
    IF v_event IS NULL THEN
      v_outcome := 'duplicate';
    ELSE
      v_outcome := 'applied';
      -- paid from pending, or from failed/closed: the money was captured all the same
      UPDATE pay_attempts
        SET status = 'paid', provider_trade_id = p_provider_trade_id, settled_at = p_at, version = a.version + 1
        WHERE id = a.id AND version = a.version;
      SELECT * INTO i FROM pay_intents WHERE id = a.intent_id FOR UPDATE;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'attempt % without its intent', a.id;
      END IF;
      -- the intent's money: sums over its distinct events (ledger.ts intentMoney), this payment's included
      SELECT coalesce(sum(amount_cents) FILTER (WHERE kind = 'paid'), 0),
             coalesce(sum(amount_cents) FILTER (WHERE kind = 'refunded'), 0)
        INTO paid_cents, refunded_cents
        FROM pay_events WHERE intent_id = i.id;
      before_cents := paid_cents - refunded_cents - p_amount_cents;
      IF i.kind = 'order' THEN
        -- every order it pays for still to be served: placed 0, accepted 1, cooking 2, served 8
        -- (core's OPEN_ORDER_STATUSES; a cancelled or gone order makes the money nobody's)
        SELECT count(*), count(o.id) FILTER (WHERE o.status IN (0, 1, 2, 8))
          INTO total_count, owed_count
          FROM pay_intent_orders m LEFT JOIN orders o ON o.id = m.order_id
          WHERE m.intent_id = i.id;
      ELSIF i.kind = 'recharge' THEN
        -- a member recharge (0022): owed until it is closed (expired unpaid); a second payment of a
        -- paid one is a duplicate below
        SELECT count(*), count(*) FILTER (WHERE state <> 'closed')
          INTO total_count, owed_count
          FROM member_recharges WHERE id = i.recharge_id;
      ELSE
        -- a bill share: all its claims still held by it (bill.ts billClaimsHeld)
        -- its visit still open and its lines' orders still to be served (0025): a share landing after
        -- the table was settled, or after its order was cancelled (a claim racing the cancel), is nobody's
        SELECT count(*), count(*) FILTER (WHERE c.status = 'held' AND v.ended_at IS NULL AND o.status IN (0, 1, 2, 8))
          INTO total_count, owed_count
          FROM bill_claims c
          JOIN visits v ON v.id = c.visit_id
          JOIN order_lines l ON l.id = c.order_line_id
          JOIN orders o ON o.id = l.order_id
          WHERE c.intent_id = i.id;
      END IF;
      still_owed := total_count > 0 AND total_count = owed_count;
      -- the decision, as core's intentState reads an intent's money: covered is paid, beyond is overpaid
      IF i.status = 'cancelled' OR NOT still_owed THEN
        -- the orders were cancelled (sold out, a tablemate, the kitchen) before the money came: all of it back
        refund_cents := p_amount_cents;
        refund_reason := CASE i.kind WHEN 'recharge' THEN '充值已关闭，自动退款'
                                      WHEN 'bill' THEN '账单已结清，自动退款'
                                      ELSE '订单已取消，自动退款' END;
      ELSIF i.status = 'paid' OR before_cents >= i.amount_cents THEN
        refund_cents := p_amount_cents;
        refund_reason := '重复支付，自动退款';
      ELSE
        over_cents := before_cents + p_amount_cents - i.amount_cents;
        IF over_cents > 0 THEN
          refund_cents := over_cents;
          refund_reason := '多付部分，自动退款';
        END IF;
        IF before_cents + p_amount_cents >= i.amount_cents THEN
          UPDATE pay_intents SET status = 'paid', version = i.version + 1, updated_at = p_at
            WHERE id = i.id AND version = i.version
            RETURNING to_jsonb(pay_intents.*) INTO paid_intent;
          IF paid_intent IS NOT NULL AND i.kind = 'bill' THEN
            UPDATE bill_claims SET status = 'paid' WHERE intent_id = i.id AND status = 'held';
          ELSIF paid_intent IS NOT NULL AND i.order_id IS NOT NULL THEN
            -- what the announcement needs of the order (effects.ts announcePaid), read here rather than after
            SELECT jsonb_build_object('id', o.id, 'cartId', o.cart_id, 'restaurantId', o.restaurant_id,
                                      'tableId', o.table_id, 'status', o.status)
              INTO v_order FROM orders o WHERE o.id = i.order_id;
          END IF;
        END IF;
      END IF;
      IF refund_cents IS NOT NULL THEN
        -- core's checkRefund (refunds.ts recordRefund): never more than the attempt's captured money less
        -- what was refunded and what refunds still pending will take
        SELECT coalesce(sum(amount_cents) FILTER (WHERE kind = 'paid'), 0)
               - coalesce(sum(amount_cents) FILTER (WHERE kind = 'refunded'), 0)
          INTO refundable
          FROM pay_events WHERE attempt_id = a.id;
        refundable := refundable
          - (SELECT coalesce(sum(amount_cents), 0) FROM pay_refunds WHERE attempt_id = a.id AND status = 'pending');
        IF refund_cents <= 0 OR refund_cents > refundable THEN
          RAISE EXCEPTION 'refundTooLarge' USING ERRCODE = 'P0R01';
        END IF;
        INSERT INTO pay_refunds (intent_id, attempt_id, refund_no, amount_cents, reason, actor, approved_by, created_at)
          VALUES (a.intent_id, a.id, p_refund_no, refund_cents, refund_reason, 'system', NULL, p_at)
          RETURNING to_jsonb(pay_refunds.*) INTO v_refund;
      END IF;
    END IF;
  END IF;
  IF p_inbox IS NOT NULL THEN
    INSERT INTO pay_inbox (provider, received_at, headers, body, verified, outcome, trade_no, restaurant_id)
      VALUES (p_provider, p_at, p_inbox -> 'headers', p_inbox ->> 'body', true,
              CASE WHEN v_outcome = 'refused' THEN 'refused: ' || v_reason ELSE v_outcome END,
              p_trade_no, p_restaurant_id);
  END IF;
  RETURN jsonb_build_object('outcome', v_outcome, 'reason', v_reason, 'intent', paid_intent, 'order', v_order,
    'refund', v_refund);
END;
$$;
