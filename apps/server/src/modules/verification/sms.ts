import type { FastifyBaseLogger } from "fastify";

/** Delivers a verification code to a phone; a real SMS gateway plugs in here. */
export interface SmsSender {
  send(phone: string, code: string): Promise<void>;
}

/** The default while no gateway is configured: the code is written to the server's log (at warn). */
export function logSmsSender(log: FastifyBaseLogger): SmsSender {
  return {
    send: async (phone, code) => {
      log.warn({ phone, code }, "verification code (no SMS gateway: logged instead of sent)");
    },
  };
}
