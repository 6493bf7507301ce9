import { PAY_API, payAttemptParamsSchema, sandboxCheckoutActionSchema } from "@tablemate/core";
import type { FastifyInstance, FastifyReply } from "fastify";
import { parse } from "../../../../http/parse.js";
import { checkoutPage, unknownTradePage } from "./checkout-page.js";
import type { SandboxProvider } from "./provider.js";

/** The page stands alone: its inline style and nothing else, never framed, its trade number never sent on. */
function html(reply: FastifyReply, status: number, body: string) {
  return (
    reply
      .code(status)
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      // same-origin, not no-referrer: its form posts must carry their Origin, since a phone on a plain-http
      // LAN address sends no Sec-Fetch-Site and the same-origin guard then reads Origin (no-referrer makes it "null")
      .header("referrer-policy", "same-origin")
      .header(
        "content-security-policy",
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      )
      .send(body)
  );
}

/**
 * The sandbox gateway's hosted checkout, served by this process: the page (GET) and its buttons
 * (POST action=pay|fail|cancel, form-encoded), which send the browser back to the merchant (303).
 */
export function sandboxRoutes(app: FastifyInstance, sandbox: SandboxProvider): void {
  app.get(PAY_API.sandboxCheckout(":tradeNo"), async (request, reply) => {
    const { tradeNo } = parse(payAttemptParamsSchema, request.params);
    const view = await sandbox.checkoutView(tradeNo);
    if (!view) return html(reply, 404, unknownTradePage());
    return html(reply, 200, checkoutPage(view.trade, view.merchantName));
  });

  app.post(PAY_API.sandboxCheckout(":tradeNo"), async (request, reply) => {
    const { tradeNo } = parse(payAttemptParamsSchema, request.params);
    const { action } = parse(sandboxCheckoutActionSchema, request.body);
    const done = await sandbox.checkout(tradeNo, action);
    if (!done) return html(reply, 404, unknownTradePage());
    return reply.header("cache-control", "no-store").redirect(done.returnUrl, 303);
  });
}
