import { ApiError } from "@tablemate/client";
import { isValidPhone, SUBMIT_CODES } from "@tablemate/core";
import { useState } from "react";
import { sendPhoneCode } from "../../api/verification.js";
import { showToast } from "../loading/toast.js";
import { SUBMIT_COPY } from "./checkout-copy.js";
import { updateCheckout, useCheckoutStore } from "./checkout-store.js";
import { useSecondsUntil } from "./use-seconds-until.js";

/**
 * 获取验证码: texts a code to the phone typed, then rests for the server's cooldown (60 s), counting
 * down on its face. The rest is kept with the checkout, so leaving the form does not reset it.
 */
export function SendCodeButton({
  restaurantId,
  phone,
  onPhoneInvalid,
}: {
  restaurantId: number;
  phone: string;
  onPhoneInvalid(): void;
}) {
  const resendAt = useCheckoutStore((state) => state.codeResendAt);
  const secondsLeft = useSecondsUntil(resendAt);
  const [sending, setSending] = useState(false);

  const send = async () => {
    const number = phone.trim();
    if (!isValidPhone(number)) {
      onPhoneInvalid();
      return;
    }
    setSending(true);
    try {
      const sent = await sendPhoneCode(restaurantId, number);
      updateCheckout({ codeResendAt: Date.now() + sent.resendAfterSeconds * 1000 });
      // never "sent" when no SMS went out (the server's log sender)
      showToast(sent.delivery === "sms" ? SUBMIT_COPY.codeSent : SUBMIT_COPY.codeLogged);
    } catch (error) {
      // 8001 says how long to wait; anything else is a plain failure
      const tooSoon = error instanceof ApiError && error.code === SUBMIT_CODES.tooFrequent && error.message;
      showToast(tooSoon || SUBMIT_COPY.codeSendFailed);
    } finally {
      setSending(false);
    }
  };

  return (
    <button
      type="button"
      className="code-button"
      disabled={sending || secondsLeft > 0}
      onClick={() => void send()}
    >
      {secondsLeft > 0 ? SUBMIT_COPY.resendIn(secondsLeft) : SUBMIT_COPY.sendCode}
    </button>
  );
}
