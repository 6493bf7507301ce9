import { SmsSendError, type SmsSender } from "../../src/modules/verification/sms.js";

/**
 * An SMS sender that keeps what it would have sent, so a test can type the code a diner received. It
 * stands for a gateway (delivery "sms"); `failing` makes the next sends refused as a gateway would.
 */
export function smsOutbox() {
  const sent: Array<{ phone: string; code: string }> = [];
  const state = { failing: false };
  const sender: SmsSender = {
    delivery: "sms",
    send: async (phone, code) => {
      if (state.failing)
        throw new SmsSendError("outbox", "isv.BUSINESS_LIMIT_CONTROL", "refused for the test");
      sent.push({ phone, code });
    },
  };
  return {
    sender,
    sent,
    state,
    /** the last code sent to `phone` */
    codeFor(phone: string): string {
      const code = sent.findLast((s) => s.phone === phone)?.code;
      if (!code) throw new Error(`no code was sent to ${phone}`);
      return code;
    },
  };
}
