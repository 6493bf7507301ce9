import { isValidPhone, type MemberCard } from "@tablemate/core";
import Button from "antd-mobile/es/components/button";
import { useState } from "react";
import { imperativeAntd } from "../../antd-setup.js";
import { sendLoginCode } from "../../api/member.js";
import { useSecondsUntil } from "../../features/checkout/use-seconds-until.js";
import { showToast } from "../../features/loading/toast.js";
import { MEMBER_COPY } from "../../features/member/member-copy.js";
import { balanceText } from "../../features/member/member-format.js";
import { MEMBER_PAGES } from "../../features/member/member-pages.js";
import { toastMemberRefusal } from "../../features/member/member-refusal.js";
import {
  activateMemberCard,
  currentCard,
  isMember,
  loginMember,
  logoutMember,
  type MemberState,
  useMemberStore,
} from "../../features/member/member-store.js";
import { useCarryingNavigate } from "../../router/navigation.js";
import { useAppStore } from "../../store/app-store.js";
import { MemberCampaigns } from "./MemberCampaigns.js";
import { CardFace, MemberFrame, PrivilegeGrid, useEquities, useMemberState } from "./member-page-parts.js";

/** Phone and SMS code (001 §4): 获取验证码 rests 60 s, counting down; 验证码已发送 only when a text went out. */
function LoginForm() {
  const { rid, paths } = useMemberStore();
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [resendAt, setResendAt] = useState(0);
  const [sending, setSending] = useState(false);
  const [loggingIn, setLoggingIn] = useState(false);
  const [delivery, setDelivery] = useState<"sms" | "log" | null>(null);
  const secondsLeft = useSecondsUntil(resendAt);

  const send = async () => {
    if (rid === null || paths === null) return;
    const number = phone.trim();
    if (!isValidPhone(number)) {
      showToast(MEMBER_COPY.phoneInvalid);
      return;
    }
    setSending(true);
    try {
      const sent = await sendLoginCode(paths, rid, number);
      setResendAt(Date.now() + sent.resendAfterSeconds * 1000);
      setDelivery(sent.delivery);
      showToast(sent.delivery === "sms" ? MEMBER_COPY.codeSentSms : MEMBER_COPY.codeInLog);
    } catch (error) {
      toastMemberRefusal(error, MEMBER_COPY.codeSendFailed);
    } finally {
      setSending(false);
    }
  };

  const login = async () => {
    const number = phone.trim();
    if (!isValidPhone(number)) {
      showToast(MEMBER_COPY.phoneInvalid);
      return;
    }
    if (!code.trim()) {
      showToast(MEMBER_COPY.codeEmpty);
      return;
    }
    setLoggingIn(true);
    try {
      await loginMember(number, code.trim());
    } catch (error) {
      toastMemberRefusal(error, MEMBER_COPY.loginFailed);
    } finally {
      setLoggingIn(false);
    }
  };

  return (
    <section className="order-card member-login" data-testid="member-login">
      <h2 className="order-card__title">{MEMBER_COPY.loginTitle}</h2>
      <p className="member-muted">{MEMBER_COPY.loginHint}</p>
      <label className="member-field">
        <span className="member-field__label">{MEMBER_COPY.phone}</span>
        <input
          className="member-field__input"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={16}
          placeholder={MEMBER_COPY.phonePlaceholder}
          value={phone}
          onChange={(event) => setPhone(event.target.value)}
        />
      </label>
      <label className="member-field">
        <span className="member-field__label">{MEMBER_COPY.code}</span>
        <input
          className="member-field__input"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={12}
          placeholder={MEMBER_COPY.codePlaceholder}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <button
          type="button"
          className="member-field__button"
          disabled={sending || secondsLeft > 0}
          onClick={() => void send()}
        >
          {secondsLeft > 0 ? MEMBER_COPY.resendIn(secondsLeft) : MEMBER_COPY.sendCode}
        </button>
      </label>
      {delivery === "log" && (
        <p className="member-note" data-testid="code-delivery">
          {MEMBER_COPY.codeInLog}
        </p>
      )}
      <Button block color="primary" shape="rounded" loading={loggingIn} onClick={() => void login()}>
        {MEMBER_COPY.login}
      </Button>
    </section>
  );
}

function LogoutButton() {
  const confirm = async () => {
    const { Dialog } = await imperativeAntd();
    const yes = await Dialog.confirm({
      content: MEMBER_COPY.logoutConfirm,
      cancelText: MEMBER_COPY.cancel,
      confirmText: MEMBER_COPY.confirm,
    });
    if (yes) await logoutMember();
  };
  return (
    <Button block shape="rounded" className="member-logout" onClick={() => void confirm()}>
      {MEMBER_COPY.logout}
    </Button>
  );
}

/**
 * Logged in with an empty card list here: 请联系服务员办理会员，即可享受会员特权 (001 §8), always; where
 * the restaurant has a card type a diner may open (POST cards, 001 §7), 开通会员 besides.
 */
function Activation({ state }: { state: MemberState }) {
  const [opening, setOpening] = useState(false);
  const canOpen = (state.rights?.cardTypes.length ?? 0) > 0;
  const open = async () => {
    setOpening(true);
    try {
      await activateMemberCard();
    } catch (error) {
      toastMemberRefusal(error, MEMBER_COPY.activateFailed);
    } finally {
      setOpening(false);
    }
  };
  return (
    <>
      <section className="order-card member-activate" data-testid="member-activate">
        <h2 className="order-card__title">{MEMBER_COPY.activateTitle}</h2>
        <p className="member-muted">{state.login?.phone}</p>
        <p className="member-activate__hint" data-testid="contact-waiter">
          {MEMBER_COPY.contactWaiter}
        </p>
        {canOpen && (
          <>
            <p className="member-activate__hint">{MEMBER_COPY.activateHint}</p>
            <Button block color="primary" shape="rounded" loading={opening} onClick={() => void open()}>
              {MEMBER_COPY.activate}
            </Button>
          </>
        )}
      </section>
      <LogoutButton />
    </>
  );
}

/**
 * A member's centre: the card, balance, points and coupons, the old member system's campaigns (their
 * takes ask the card's equities again), the privileges, more, 退出登录.
 */
function MemberHome({ card, state }: { card: MemberCard; state: MemberState }) {
  const navigate = useCarryingNavigate();
  const { state: equities, reload } = useEquities(card);
  const isNewCrm = useAppStore((app) => app.isNewCrm);
  const value = equities.kind === "ready" ? equities.value : null;
  const typePrivileges = state.rights?.cardTypes.find((type) => type.cardType === card.cardType)?.privileges;
  const stats = [
    {
      label: MEMBER_COPY.balance,
      value: value ? balanceText(value.balance) : "--",
      to: MEMBER_PAGES.balance,
    },
    { label: MEMBER_COPY.points, value: value ? String(value.points) : "--", to: MEMBER_PAGES.integral },
    { label: MEMBER_COPY.coupons, value: value ? String(value.couponCount) : "--", to: MEMBER_PAGES.coupons },
  ];
  const more = [
    { label: MEMBER_COPY.balanceHistoryTitle, to: MEMBER_PAGES.balanceHistory },
    { label: MEMBER_COPY.pointsHistoryTitle, to: MEMBER_PAGES.pointsHistory },
    { label: MEMBER_COPY.cardTitle, to: MEMBER_PAGES.card },
    { label: MEMBER_COPY.myInfo, to: MEMBER_PAGES.info },
    { label: MEMBER_COPY.cardNumEntry, to: MEMBER_PAGES.num },
    { label: MEMBER_COPY.invalidCouponsTitle, to: MEMBER_PAGES.invalidCoupons },
  ];
  return (
    <>
      <CardFace card={card} onClick={() => navigate(MEMBER_PAGES.card)} />
      <section className="order-card member-stats" data-testid="member-stats">
        {stats.map((stat) => (
          <button key={stat.to} type="button" className="member-stat" onClick={() => navigate(stat.to)}>
            <span className="member-stat__value">{stat.value}</span>
            <span className="member-stat__label">{stat.label}</span>
          </button>
        ))}
      </section>
      {!isNewCrm && <MemberCampaigns key={card.id} card={card} onTaken={reload} />}
      <PrivilegeGrid given={value?.privileges ?? typePrivileges ?? []} />
      <section className="order-card member-links">
        {more.map((link) => (
          <button key={link.to} type="button" className="member-link" onClick={() => navigate(link.to)}>
            {link.label}
          </button>
        ))}
      </section>
      <LogoutButton />
    </>
  );
}

/** /member/member (spec 001 §2): login, activation, or the member's centre. */
export function MemberCenterPage() {
  const state = useMemberState();
  const card = isMember(state) ? currentCard(state) : null;
  return (
    <MemberFrame title={MEMBER_COPY.centerTitle} testId="member-center" state={state}>
      {state.login === null ? (
        <LoginForm />
      ) : card ? (
        <MemberHome card={card} state={state} />
      ) : (
        <Activation state={state} />
      )}
    </MemberFrame>
  );
}
