-- Paying a member recharge through the payment port (issue 19, 001 §7 recharge-prepay): an intent may
-- owe a recharge instead of orders (kind 'recharge', its recharge_id; one intent per recharge), and a
-- recharge keeps the request's paySign, so the same signed request again answers the same recharge.
-- pay_apply_paid (0017) learns the recharge kind: its money is owed while the recharge is not closed,
-- and paid money of a closed one is refunded. The ledger posting happens after it (member/recharge.ts).
ALTER TABLE "pay_intents" ADD COLUMN "recharge_id" integer REFERENCES "member_recharges"("id");--> statement-breakpoint
ALTER TABLE "pay_intents" ADD CONSTRAINT "pay_intents_recharge_kind" CHECK (("kind" = 'recharge') = ("recharge_id" IS NOT NULL));--> statement-breakpoint
CREATE UNIQUE INDEX "pay_intents_recharge" ON "pay_intents" USING btree ("recharge_id") WHERE "recharge_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "member_recharges" ADD COLUMN "pay_sign" text;--> statement-breakpoint
CREATE UNIQUE INDEX "member_recharges_pay_sign" ON "member_recharges" USING btree ("pay_sign");--> statement-breakpoint
CREATE INDEX "member_recharges_pending_idx" ON "member_recharges" USING btree ("created_at") WHERE "state" = 'pending';--> statement-breakpoint
-- pay_apply_paid as 0017 made it, with the recharge branch (ELSIF i.kind = 'recharge') and its refund's reason
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
  SELECT * INTO a FROM pay_attempts WHERE trade_no = p_trade_no FOR UPDATE;
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
        SELECT count(*), count(*) FILTER (WHERE status = 'held')
          INTO total_count, owed_count
          FROM bill_claims WHERE intent_id = i.id;
      END IF;
      still_owed := total_count > 0 AND total_count = owed_count;
      -- the decision, as core's intentState reads an intent's money: covered is paid, beyond is overpaid
      IF i.status = 'cancelled' OR NOT still_owed THEN
        -- the orders were cancelled (sold out, a tablemate, the kitchen) before the money came: all of it back
        refund_cents := p_amount_cents;
        refund_reason := CASE WHEN i.kind = 'recharge' THEN '充值已关闭，自动退款' ELSE '订单已取消，自动退款' END;
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
