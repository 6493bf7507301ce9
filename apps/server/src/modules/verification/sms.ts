import type { SmsDelivery } from "@tablemate/core";
import type { FastifyBaseLogger } from "fastify";

/**
 * Delivers a verification code to a phone (the port: login codes and takeout codes alike). `delivery`
 * says how, and every code's answer says it too, so the diner app never claims an SMS it did not send.
 */
export interface SmsSender {
  readonly delivery: SmsDelivery;
  /** rejects with SmsSendError when the gateway did not take the message */
  send(phone: string, code: string): Promise<void>;
}

/** A message the gateway did not take: its own code (`isv.BUSINESS_LIMIT_CONTROL`) or ours (`network`, `answer`). */
export class SmsSendError extends Error {
  constructor(
    readonly provider: string,
    readonly code: string,
    message: string,
  ) {
    super(`${provider}: ${code}: ${message}`);
    this.name = "SmsSendError";
  }
}

/** The default while no gateway is configured: the code is written to the server's log (at warn). */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    delivery: "log",
    send: async (phone, code) => {
      log.warn({ phone, code }, "verification code (no SMS gateway: logged instead of sent)");
    },
  };
}
