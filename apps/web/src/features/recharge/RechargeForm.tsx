import { formatMoney } from "@tablemate/client";
import {
  centsToYuan,
  type RechargeRuleView,
  rechargeAmountText,
  rechargeGift,
  ruleOfView,
  sortRechargeRules,
  yuanToCents,
} from "@tablemate/core";
import Button from "antd-mobile/es/components/button";
import Input from "antd-mobile/es/components/input";
import { useMemo, useState } from "react";
import { readMemberLogin } from "../../api/member-http.js";
import { fetchRechargeRules, startRecharge } from "../../api/recharge.js";
import { useCarryingNavigate } from "../../router/navigation.js";
import { PATHS } from "../../router/paths.js";
import { useAppStore } from "../../store/app-store.js";
import { Spinner } from "../loading/Spinner.js";
import { MEMBER_PAGES } from "../member/member-pages.js";
import { OrderNotice } from "../order/OrderPageFrame.js";
import { StartedPayment } from "../pay/PayParts.js";
import { useLoaded } from "../pay/use-loaded.js";
import { usePayRid } from "../pay/use-pay-rid.js";
import { useReturnPath } from "../pay/use-return-path.js";
import { useStartPay } from "../pay/use-start-pay.js";
import { RECHARGE_COPY } from "./recharge-copy.js";

/** No extra query on the way back: the tradeNo the server appends names the recharge. */
const NO_QUERY = {};
const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

/** What the diner picked: a rule's amount, or a custom rule with the amount typed (yuan). */
type Choice = { rule: RechargeRuleView; typed: string } | null;

/** The amount a choice recharges, in cents, or why it cannot (a typed amount that is none, or too low). */
function amountOf(choice: Choice): { cents: number } | { problem: string } | null {
  if (!choice) return null;
  if (!choice.rule.custom) return { cents: choice.rule.rechargeMoney };
  const typed = choice.typed.trim();
  if (typed === "") return null;
  if (!AMOUNT.test(typed)) return { problem: RECHARGE_COPY.customInvalid };
  const cents = yuanToCents(typed);
  if (cents < choice.rule.rechargeMoney)
    return { problem: RECHARGE_COPY.customBelow(centsToYuan(choice.rule.rechargeMoney)) };
  return { cents };
}

/** What reaches the card for `cents`: the gift the rules give it (core's rechargeGift, as the server decides). */
function Arrives({ rules, cents }: { rules: readonly RechargeRuleView[]; cents: number }) {
  const gift = rechargeGift(rules.map(ruleOfView), cents);
  return (
    <p className="recharge-arrives" data-testid="recharge-arrives">
      {RECHARGE_COPY.arrives} <strong>{formatMoney(centsToYuan(cents + gift.giftCents))}</strong>
      {gift.giftCents > 0 && <span> {RECHARGE_COPY.giftOf(formatMoney(centsToYuan(gift.giftCents)))}</span>}
      {gift.giftPoints > 0 && <span> {RECHARGE_COPY.giftPoints(gift.giftPoints)}</span>}
    </p>
  );
}

/** A notice where the form would be, with a way on. */
function Notice({ message, action }: { message: string; action: { label: string; path: string } }) {
  const navigate = useCarryingNavigate();
  return (
    <OrderNotice
      message={message}
      actions={[{ label: action.label, run: () => navigate(action.path), primary: true }]}
    />
  );
}

/**
 * /member/recharge: the restaurant's recharge rules (its member family's), by amount, each with its
 * 充500送50; a custom amount where a rule allows one; 立即充值 signs the request with the member token
 * (paySign) and follows the server's next step as /pay does. Only where the restaurant has recharge open.
 */
export function RechargeForm() {
  const rid = usePayRid();
  const isNewCrm = useAppStore((state) => state.isNewCrm);
  const open = useAppStore((state) => state.restaurant?.openRecharge ?? false);
  const login = rid === null ? null : readMemberLogin(rid);
  const load = useMemo(
    () => (rid === null || !open ? null : () => fetchRechargeRules(isNewCrm, rid)),
    [rid, open, isNewCrm],
  );
  const { state, reload } = useLoaded(load);
  const [choice, setChoice] = useState<Choice>(null);
  const returnPath = useReturnPath(NO_QUERY, MEMBER_PAGES.recharge);
  const { start, starting, shown, toResult } = useStartPay(NO_QUERY, reload, MEMBER_PAGES.recharge);

  if (!open)
    return (
      <Notice
        message={RECHARGE_COPY.notOpen}
        action={{ label: RECHARGE_COPY.backToMenu, path: PATHS.main }}
      />
    );
  if (!login)
    return (
      <Notice
        message={RECHARGE_COPY.loginFirst}
        action={{ label: RECHARGE_COPY.toMember, path: MEMBER_PAGES.center }}
      />
    );
  if (login.cardId === null)
    return (
      <Notice
        message={RECHARGE_COPY.chooseCard}
        action={{ label: RECHARGE_COPY.toMember, path: MEMBER_PAGES.center }}
      />
    );
  if (state.kind === "loading") return <Spinner />;
  if (state.kind === "failed")
    return (
      <OrderNotice
        message={state.message || RECHARGE_COPY.loadFailed}
        actions={[{ label: RECHARGE_COPY.retry, run: reload, primary: true }]}
      />
    );
  const rules = sortRechargeRules(state.value);
  const coreRules = rules.map(ruleOfView);
  if (rules.length === 0)
    return (
      <Notice
        message={RECHARGE_COPY.noRules}
        action={{ label: RECHARGE_COPY.backToMenu, path: PATHS.main }}
      />
    );

  const { cardId } = login;
  const amount = amountOf(choice);
  const recharge = () => {
    if (rid === null || !choice || !amount || !("cents" in amount)) return;
    const { cents } = amount;
    void start({ kind: "recharge", rid, cardId }, `${cents}|${returnPath}`, (key) =>
      startRecharge(key, { rid, cardId, rechargeMoney: cents }, { ruleId: choice.rule.ruleId, returnPath }),
    );
  };

  return (
    <>
      <section className="order-card recharge-rules" data-testid="recharge-rules">
        <h2 className="recharge-rules__title">{RECHARGE_COPY.chooseAmount}</h2>
        <div className="recharge-rules__grid">
          {rules.map((rule) => {
            const chosen = choice?.rule.ruleId === rule.ruleId;
            return (
              <button
                key={rule.ruleId}
                type="button"
                className={chosen ? "recharge-rule recharge-rule--chosen" : "recharge-rule"}
                aria-pressed={chosen}
                data-testid="recharge-rule"
                onClick={() => setChoice({ rule, typed: chosen ? (choice?.typed ?? "") : "" })}
              >
                <strong className="recharge-rule__amount">
                  {rule.custom ? RECHARGE_COPY.otherAmount : formatMoney(centsToYuan(rule.rechargeMoney))}
                </strong>
                <span className="recharge-rule__text">
                  {/* a fixed amount says what it will get by all the rules; a custom one its own offer */}
                  {rule.custom ? rule.text : rechargeAmountText(coreRules, rule.rechargeMoney)}
                </span>
              </button>
            );
          })}
        </div>
        {choice?.rule.custom && (
          <div className="recharge-custom">
            <Input
              className="recharge-custom__input"
              inputMode="decimal"
              placeholder={RECHARGE_COPY.customPlaceholder(centsToYuan(choice.rule.rechargeMoney))}
              value={choice.typed}
              onChange={(typed) => setChoice({ rule: choice.rule, typed })}
              data-testid="recharge-custom"
            />
          </div>
        )}
        {amount && "problem" in amount && (
          <p className="recharge-problem" data-testid="recharge-problem">
            {amount.problem}
          </p>
        )}
        {amount && "cents" in amount && <Arrives rules={rules} cents={amount.cents} />}
      </section>
      {shown && <StartedPayment shown={shown} toResult={toResult} />}
      <div className="recharge-submit">
        <Button
          block
          color="primary"
          shape="rounded"
          size="large"
          loading={starting}
          disabled={!amount || !("cents" in amount)}
          onClick={recharge}
        >
          {RECHARGE_COPY.submit}
        </Button>
      </div>
    </>
  );
}
