import type { SmsSender } from "../../src/modules/verification/sms.js";

/** An SMS sender that keeps what it would have sent, so a test can type the code a diner received. */
export function smsOutbox() {
  const sent: Array<{ phone: string; code: string }> = [];
  const sender: SmsSender = {
    send: async (phone, code) => {
      sent.push({ phone, code });
    },
  };
  return {
    sender,
    sent,
    /** the last code sent to `phone` */
    codeFor(phone: string): string {
      const code = sent.findLast((s) => s.phone === phone)?.code;
      if (!code) throw new Error(`no code was sent to ${phone}`);
      return code;
    },
  };
}
